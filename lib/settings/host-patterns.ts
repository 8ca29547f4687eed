/*
 * The manifest's host patterns, apart from schema.ts: wxt.config.ts loads this
 * file before WXT's aliases exist, so it imports nothing (schema.ts speaks
 * through #i18n).
 */

/** Local hosts the manifest grants up front (wxt.config.ts `host_permissions`), for the sandbox on any port. */
export const LOCAL_HOST_PATTERNS = ['http://localhost/*', 'http://127.0.0.1/*'];

/**
 * The ceiling of what Options may ask for at runtime, one host at a time
 * (lib/platform/firefox-manifest.ts: `optional_host_permissions`, or `optional_permissions` in
 * Firefox's MV2 manifest). Declared, never granted up front.
 */
export const OPTIONAL_HOST_PATTERNS = ['https://*/*', 'http://*/*'];
