/**
 * The manifest's browser differences, for wxt.config.ts. That file loads
 * this one before the `@/` alias exists: type imports only, from packages.
 */
import type { UserManifest } from 'wxt';
import type { Browser } from 'wxt/browser';

/**
 * The page-world script the Firefox relay injects by URL (lib/platform/page-world.ts):
 * web-accessible in the Firefox manifest below.
 */
export const PAGE_SCRIPT_FILE = 'page-api-injected.js';

/** The browsers whose relay injects the page-world script (the other builds declare a main-world content script). */
export const PAGE_SCRIPT_INJECTED_IN: string[] = ['firefox'];

/**
 * What Firefox shows at install under "data collection": what leaves the
 * browser, and to whom (docs/permissions.md, "Data Firefox asks about").
 * The API key goes to the service the user configured (authenticationInfo);
 * wallet addresses looked up and wallet scores, shared with sites as proofs,
 * are credit ratings (financialAndPaymentInfo); a site's web2Id for the user,
 * such as an e-mail address, goes to the service (personallyIdentifyingInfo).
 * Without them Vantage does nothing, so they are required, not optional.
 */
const FIREFOX_DATA_COLLECTION = { required: ['authenticationInfo', 'financialAndPaymentInfo', 'personallyIdentifyingInfo'] };

/**
 * The manifest keys written here, as the browsers take them. WXT's manifest
 * type follows Chromium's MV3 and lags Firefox: it has no MV2 host patterns
 * in optional_permissions and no gecko.data_collection_permissions.
 */
interface PlatformManifest extends Omit<UserManifest, 'optional_permissions' | 'browser_specific_settings'> {
  optional_permissions?: Browser.runtime.ManifestV2['optional_permissions'];
  browser_specific_settings?: {
    gecko?: NonNullable<NonNullable<UserManifest['browser_specific_settings']>['gecko']> & {
      data_collection_permissions?: { required: string[]; optional?: string[] };
    };
    gecko_android?: NonNullable<UserManifest['browser_specific_settings']>['gecko_android'];
  };
}

/** Hands the keys to WXT, whose type is narrower than what the browsers accept (see PlatformManifest). */
const toWxt = (m: PlatformManifest): UserManifest => m as UserManifest;

/**
 * What may be asked for at runtime: the ceiling of host access Options may ask
 * for, and optional API permissions (`notifications`, asked for with the first
 * alert). compat(firefox-mv2): WXT drops `optional_host_permissions` from MV2
 * manifests and writes nothing in its place, so MV2 (the Firefox build) gets the
 * host patterns in `optional_permissions`, next to the API names, where MV2 keeps
 * both. Drop with the Firefox MV2 build (docs/permissions.md says when).
 */
export function optionalPermissions(manifestVersion: 2 | 3, hostPatterns: string[], apiPermissions: string[]): UserManifest {
  return manifestVersion === 2
    ? toWxt({ optional_permissions: [...apiPermissions, ...hostPatterns] })
    : toWxt({ optional_permissions: apiPermissions, optional_host_permissions: hostPatterns });
}

/** Firefox's own keys: its add-on id and minimum versions, the data it asks about, the injected page script. */
export function firefoxManifest(manifestVersion: 2 | 3): UserManifest {
  return toWxt({
    // compat(firefox-mv2): Firefox has no main-world content script here: the relay injects
    // window.vantage from this file, so pages may load it (docs/page-api.md). Drop with the MV2 build.
    web_accessible_resources: manifestVersion === 2
      ? [PAGE_SCRIPT_FILE]
      : [{ resources: [PAGE_SCRIPT_FILE], matches: ['http://*/*', 'https://*/*'] }],
    browser_specific_settings: {
      // 140: the first Firefox (and ESR) with the data-collection consent; it also has storage.session and sender.origin.
      gecko: { id: 'vantage@vantage.example', strict_min_version: '140.0', data_collection_permissions: FIREFOX_DATA_COLLECTION },
      // Firefox for Android shows the data-collection consent from 142 on.
      gecko_android: { strict_min_version: '142.0' },
    },
  });
}
