import { browser } from 'wxt/browser';
import { SESSION_KEY_LOST_KEY, SET_ASIDE_KEY } from './schema.ts';

/**
 * What the popup says about storage, read without opening anything sealed (a
 * page's first paint must not wait on the vault): a session-only key an
 * update took, and whether anything was set aside (details in Options).
 */
export interface Attention {
  readonly sessionKeyLost: boolean;
  readonly setAside: boolean;
}

const KEYS = [SESSION_KEY_LOST_KEY, SET_ASIDE_KEY];

export async function readAttention(): Promise<Attention> {
  const got = await browser.storage.local.get(KEYS);
  return { sessionKeyLost: typeof got[SESSION_KEY_LOST_KEY] === 'number', setAside: got[SET_ASIDE_KEY] !== undefined };
}

/** Calls back when either changes. */
export function watchAttention(cb: () => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && KEYS.some((k) => k in changes)) cb();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
