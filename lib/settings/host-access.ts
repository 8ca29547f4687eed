import { browser } from 'wxt/browser';
import { formatList } from '@/lib/format/list.ts';
import { t } from '@/lib/i18n/index.ts';
import { LOCAL_HOST_PATTERNS, serviceOrigins, type Settings } from './schema.ts';

/**
 * Host access for the configured service. The sandbox hosts are granted in
 * the manifest; any other service origin is asked for at runtime, from the
 * user's click (optional_host_permissions), never `<all_urls>` up front.
 */

/** Hosts granted statically in the manifest. */
const STATIC_HOSTS = new Set(LOCAL_HOST_PATTERNS.map((p) => new URL(p.slice(0, -1)).hostname));

/** The match patterns to ask for before these settings can be used (the bases, and the proof page's host if given). */
export function hostPatternsToRequest(s: Pick<Settings, 'dataBaseUrl' | 'integrationBaseUrl'> & Partial<Pick<Settings, 'proofPageTemplate'>>): string[] {
  const patterns = new Set<string>();
  for (const origin of serviceOrigins(s)) {
    const u = new URL(origin);
    if (u.protocol === 'http:' && STATIC_HOSTS.has(u.hostname)) continue;
    // Match patterns carry no port; a pattern covers every port of its host.
    patterns.add(`${u.protocol}//${u.hostname}/*`);
  }
  return [...patterns];
}

/** A pattern for one concrete host, as hostPatternsToRequest makes them (no wildcard host). */
const ONE_HOST = /^https?:\/\/[^*/]+\/\*$/;

/**
 * Of the host patterns granted now, those to give back: asked for at runtime
 * for a service the settings no longer use. The manifest's own grants and
 * content-script patterns (wildcard hosts) are not ours to remove.
 */
export function hostPatternsToRelease(granted: readonly string[], keep: readonly string[]): string[] {
  const kept = new Set(keep);
  return granted.filter((p) => ONE_HOST.test(p) && !kept.has(p) && !STATIC_HOSTS.has(new URL(p.slice(0, -1)).hostname));
}

/** The slice of `permissions` this needs; fakeBrowser has none, so tests inject their own. */
export interface HostAccess {
  /** Resolves true when every pattern is (now) granted. Must run from a user gesture. */
  request(patterns: readonly string[]): Promise<boolean>;
  /** Gives back every runtime host grant but these (see hostPatternsToRelease). */
  releaseAllBut(keep: readonly string[]): Promise<void>;
}

export function browserHostAccess(): HostAccess {
  return {
    async request(patterns) {
      if (patterns.length === 0) return true;
      // Called before any other await: Firefox honours a request only within the click's own task.
      // An already-granted request resolves true without a prompt.
      return browser.permissions.request({ origins: [...patterns] });
    },
    async releaseAllBut(keep) {
      const { origins = [] } = await browser.permissions.getAll();
      // One at a time: a pattern the browser refuses to remove must not keep the others.
      for (const origin of hostPatternsToRelease(origins, keep)) await browser.permissions.remove({ origins: [origin] }).catch(() => false);
    },
  };
}

/** Whether the browser grants the extension every host these settings would send the key to. */
export type HostsGranted = (s: Pick<Settings, 'dataBaseUrl' | 'integrationBaseUrl'>) => Promise<boolean>;

/**
 * The worker asks before each use: settings changed behind Options' back (a
 * content script can write storage in Firefox) must not send the key to a host
 * the user never granted.
 */
export function browserHostsGranted(): HostsGranted {
  return async ({ dataBaseUrl, integrationBaseUrl }) => grants(hostPatternsToRequest({ dataBaseUrl, integrationBaseUrl }));
}

function grants(patterns: readonly string[]): Promise<boolean> {
  return patterns.length === 0 ? Promise.resolve(true) : browser.permissions.contains({ origins: [...patterns] });
}

/**
 * Whether the user granted the host of a proof page (Options asks for it on Save): settings changed
 * behind Options' back must not open a look-alike page where the user is told to connect a wallet.
 */
export function browserPageGranted(): (url: string) => Promise<boolean> {
  return (url) => grants(hostPatternsToRequest({ dataBaseUrl: url, integrationBaseUrl: url }));
}

/** The error for settings whose hosts the user has not granted, in the user's language. */
export function notGrantedMessage(s: Pick<Settings, 'dataBaseUrl' | 'integrationBaseUrl'>): string {
  const hosts = hostPatternsToRequest({ dataBaseUrl: s.dataBaseUrl, integrationBaseUrl: s.integrationBaseUrl });
  return t('settings.notGranted', { hosts: formatList(hosts) });
}

/** The error for a proof page on a host the user has not granted: the popup's only (the page is told NOT_SET_UP). */
export function pageNotGrantedMessage(url: string): string {
  return t('settings.pageNotGranted', { hosts: formatList(hostPatternsToRequest({ dataBaseUrl: url, integrationBaseUrl: url })) });
}
