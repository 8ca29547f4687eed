import type { ApiErrorInfo } from '@/lib/api/errors.ts';

/**
 * Messages the background worker answers. Each feature adds its own entries
 * by augmenting this interface from its module:
 *
 *   declare module '@/lib/messaging/protocol.ts' {
 *     interface WorkerRequests { 'stats.get': { request: {...}; response: {...} } }
 *   }
 */
export interface WorkerRequests {
  /** Liveness and identity, used by pages and the e2e harness. */
  ping: { request: Record<string, never>; response: { name: string; version: string } };
}

export type RequestType = keyof WorkerRequests;
export type RequestOf<K extends RequestType> = WorkerRequests[K] extends { request: infer R } ? R : never;
export type ResponseOf<K extends RequestType> = WorkerRequests[K] extends { response: infer R } ? R : never;

/** Marks our messages among anything else on runtime messaging. */
export const CHANNEL = 'vantage/v1';

export interface RequestEnvelope<K extends RequestType = RequestType> {
  readonly channel: typeof CHANNEL;
  readonly type: K;
  readonly payload: RequestOf<K>;
}

/**
 * Errors travel as data: class instances do not survive structured cloning. A reply to an extension
 * page also names the worker's build (lib/build/id.ts), which the page compares with its own
 * (lib/build/page-guard.ts); workers of releases before build ids leave it out.
 */
export type Reply<T> = ({ readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiErrorInfo }) & { readonly build?: string };

export function isRequestEnvelope(m: unknown): m is RequestEnvelope {
  return typeof m === 'object' && m !== null && (m as RequestEnvelope).channel === CHANNEL
    && typeof (m as RequestEnvelope).type === 'string';
}
