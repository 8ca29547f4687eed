import { ProofErrorCode } from '@/lib/proof/contract.ts';

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

/** Any rejection as a VantageError of this package: a provider's own error keeps its code, message and data. */
export function toVantageError(e: unknown): VantageError {
  if (e instanceof VantageError) return e;
  if (isVantageError(e)) return new VantageError(e.message, e.code, e.data);
  return new VantageError('The Vantage extension failed unexpectedly.', ProofErrorCode.ServiceFailed);
}
