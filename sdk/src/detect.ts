import { ANNOUNCE_EVENT, PAGE_API_RDNS, REQUEST_EVENT, type ProviderInfo, type VantageProvider } from '@/lib/proof/contract.ts';
import { cancelledError } from './errors.ts';

/** How long detectVantage waits for the announcement by default: Firefox injects the provider a moment after load. */
export const DEFAULT_DETECT_TIMEOUT_MS = 3000;

export interface DetectOptions {
  /** Give up (resolve null) after this long without an announcement. Default 3000 ms. */
  readonly timeoutMs?: number;
  /** The window to look in (default: the global one). */
  readonly window?: Window;
  /** Aborting stops looking at once: the promise rejects with a VantageError 4001. */
  readonly signal?: AbortSignal;
}

type Announced = CustomEvent<ProviderInfo>;

/** The provider the page holds: `window.vantage` as an own property (an element id="vantage" is not it). */
function providerOf(win: Window): VantageProvider | null {
  const v: unknown = Object.prototype.hasOwnProperty.call(win, 'vantage') ? (win as { vantage?: unknown }).vantage : undefined;
  return typeof v === 'object' && v !== null && typeof (v as VantageProvider).requestScoreProof === 'function' ? (v as VantageProvider) : null;
}

/**
 * Finds the Vantage extension: the `vantage:announce` / `vantage:request` handshake of
 * docs/page-api.md. Resolves with `window.vantage` once it announces itself — now, or later
 * when the browser injects it late (Firefox) — or with null after `timeoutMs` (not installed,
 * disabled, or no window at all). Never hangs; rejects only when `signal` aborts (4001, at once).
 */
export function detectVantage({ timeoutMs = DEFAULT_DETECT_TIMEOUT_MS, window: win = globalThis.window, signal }: DetectOptions = {}): Promise<VantageProvider | null> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError());
    if (!win) return resolve(null);
    const finish = (provider: VantageProvider | null, aborted?: boolean) => {
      clearTimeout(timer);
      win.removeEventListener(ANNOUNCE_EVENT, onAnnounce);
      signal?.removeEventListener('abort', onAbort);
      if (aborted) reject(cancelledError());
      else resolve(provider);
    };
    const onAnnounce = (e: Event) => {
      const provider = providerOf(win);
      if ((e as Announced).detail?.rdns === PAGE_API_RDNS && provider) finish(provider);
    };
    const onAbort = () => finish(null, true);
    const timer = setTimeout(() => finish(null), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    win.addEventListener(ANNOUNCE_EVENT, onAnnounce);
    win.dispatchEvent(new Event(REQUEST_EVENT));
  });
}
