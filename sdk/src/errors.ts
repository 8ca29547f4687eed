import { PAGE_CANCELLED_MESSAGE, ProofErrorCode } from '@/lib/proof/contract.ts';

/**
 * Every rejection the SDK gives: the page API's error (`code`, `message`, `data`: EIP-1193's
 * ProviderRpcError), as an instance of this class whichever provider raised it.
 */
export class VantageError extends Error {
  override readonly name = 'VantageError';
  constructor(
    message: string,
    readonly code: ProofErrorCode,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/**
 * Why Vantage is unavailable, in a 4900's `data.reason`: `not-installed` — no extension announced itself
 * in this browser (or it is disabled); `disconnected` — it was there and went away while the request was
 * pending (updated, reloaded, disabled or removed). docs/page-api.md, "Errors".
 */
export type UnavailableReason = 'not-installed' | 'disconnected';

/** The message of the 4900 given when no extension announced itself (`data: { reason: 'not-installed' }`). */
export const NOT_INSTALLED_MESSAGE = 'The Vantage extension is not installed or not enabled in this browser.';
const DISCONNECTED_MESSAGE = 'The Vantage extension was updated, reloaded or removed.';

export const notInstalledError = () => new VantageError(NOT_INSTALLED_MESSAGE, ProofErrorCode.Disconnected, { reason: 'not-installed' satisfies UnavailableReason });
export const disconnectedError = (message = DISCONNECTED_MESSAGE) => new VantageError(message, ProofErrorCode.Disconnected, { reason: 'disconnected' satisfies UnavailableReason });
/** The page's own AbortSignal ended the request. */
export const cancelledError = () => new VantageError(PAGE_CANCELLED_MESSAGE, ProofErrorCode.UserRejected);

const CODES: readonly number[] = Object.values(ProofErrorCode);

/**
 * True for a VantageError: one of this package, or an error the extension's `window.vantage` gave
 * (another realm's class: judged by its name and a documented code, never by `instanceof` alone).
 */
export function isVantageError(e: unknown): e is VantageError {
  if (e instanceof VantageError) return true;
  if (typeof e !== 'object' || e === null) return false;
  const { name, code, message } = e as Partial<VantageError>;
  return name === 'VantageError' && CODES.includes(code as number) && typeof message === 'string';
}

/**
 * Any rejection as a VantageError of this package: a provider's own error keeps its code, message and
 * data; the extension's 4900 (which carries no data) says `disconnected`, the one way it arises.
 */
export function toVantageError(e: unknown): VantageError {
  if (e instanceof VantageError) return e;
  if (isVantageError(e)) return e.code === ProofErrorCode.Disconnected && e.data === undefined ? disconnectedError(e.message) : new VantageError(e.message, e.code, e.data);
  return new VantageError('The Vantage extension failed unexpectedly.', ProofErrorCode.ServiceFailed);
}
