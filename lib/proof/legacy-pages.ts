import { SESSION_PLACEHOLDER } from '@/lib/settings/schema.ts';
import { isSessionId } from './origins.ts';

/**
 * What releases before 0.2.0 left open at an update. They kept the proof tabs they opened only in
 * storage.session, which an update empties, so the new version cannot know those tabs by id (later
 * releases record them: flow-store's `opened`). It can still know them by address: a proof page is
 * the configured template with a session id in it, on the service's host the user granted, so its
 * URL is visible to the extension. Its flow died with the old version (its page got 4900), so the
 * page can no longer hand a proof to anyone.
 */
export const RECORDS_OPENED_SINCE = '0.2.0';

/** True when `previous` (a manifest version, dotted numbers) is older than `than`. */
export function isVersionBefore(previous: string, than: string): boolean {
  const a = previous.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const b = than.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d < 0;
  }
  return false;
}

/** Whether `url` is a proof page built from `template` (`…{sessionId}…`) for some session id. */
export function isTemplateProofPage(url: string, template: string): boolean {
  const at = template.indexOf(SESSION_PLACEHOLDER);
  if (at < 0) return false;
  const before = template.slice(0, at);
  const after = template.slice(at + SESSION_PLACEHOLDER.length);
  if (!url.startsWith(before) || !url.endsWith(after) || url.length <= before.length + after.length) return false;
  let id: string;
  try {
    id = decodeURIComponent(url.slice(before.length, url.length - after.length));
  } catch {
    return false;
  }
  return isSessionId(id);
}

export interface LegacyPagesDeps {
  /** The open tabs with the URL the browser shows the extension (absent where it holds no host access). */
  readonly tabs: () => Promise<readonly { readonly id?: number; readonly url?: string }[]>;
  readonly closeTab: (tabId: number) => Promise<void>;
  readonly proofPageTemplate: () => Promise<string>;
}

/** After an update from a release that kept no record of its proof tabs: closes the proof pages it left. */
export async function closeLegacyProofPages(previousVersion: string | undefined, deps: LegacyPagesDeps): Promise<number> {
  if (!previousVersion || !isVersionBefore(previousVersion, RECORDS_OPENED_SINCE)) return 0;
  const template = await deps.proofPageTemplate();
  const left = (await deps.tabs()).filter((t) => t.id !== undefined && t.url !== undefined && isTemplateProofPage(t.url, template));
  await Promise.all(left.map((t) => deps.closeTab(t.id!).catch(() => undefined)));
  return left.length;
}
