import { toErrorInfo } from '@/lib/api/errors.ts';
import { isRequestEnvelope, type Reply, type RequestOf, type RequestType, type ResponseOf } from './protocol.ts';
import { classifySender, type Caller, type CallerKind, type SenderInfo } from './sender.ts';

export interface Route<K extends RequestType> {
  /** Which callers may send it; content scripts only where a route says so. */
  readonly allow: readonly CallerKind[];
  /** Checks an untrusted payload; throws to refuse it. Required for content-script routes. */
  readonly parse?: (payload: unknown) => RequestOf<K>;
  readonly handle: (payload: RequestOf<K>, caller: Caller) => Promise<ResponseOf<K>>;
}

export type Routes = { readonly [K in RequestType]?: Route<K> };

/** Largest message accepted from a content script (bytes of JSON). */
export const MAX_CONTENT_MESSAGE = 16 * 1024;

/**
 * A runtime.onMessage listener. It always answers with a Promise (the
 * fake browser and Firefox need that), resolving to a Reply; messages that
 * are not ours are left alone (undefined). `build`: the worker's build id
 * (lib/build/id.ts), named in every reply to an extension page.
 */
export function createMessageListener(routes: Routes, runtimeId: string, extensionOrigin: string, build: string) {
  return (message: unknown, sender: SenderInfo): Promise<Reply<unknown>> | undefined => {
    if (!isRequestEnvelope(message)) return undefined;
    const caller = classifySender(sender, runtimeId, extensionOrigin);
    // Own properties only: a type such as `constructor` or `__proto__` must not find Object.prototype's members.
    const route = Object.hasOwn(routes, message.type) ? (routes[message.type] as Route<RequestType> | undefined) : undefined;
    // Every answer to an extension page, a refusal included, names this worker's build; web pages' scripts are not told it.
    const stamp = (reply: Reply<unknown>): Reply<unknown> => (caller?.kind === 'extension-page' ? { ...reply, build } : reply);
    const refuse = (msg: string) => Promise.resolve(stamp({ ok: false, error: { kind: 'invalid-params', message: msg } }));
    if (!caller || !route || !route.allow.includes(caller.kind)) return refuse('Unknown or forbidden request.');
    if (caller.kind === 'content-script') {
      if (!route.parse) return refuse('Unknown or forbidden request.');
      if (JSON.stringify(message).length > MAX_CONTENT_MESSAGE) return refuse('Request too large.');
    }
    return (async (): Promise<Reply<unknown>> => {
      try {
        const payload = route.parse ? route.parse(message.payload) : (message.payload as RequestOf<RequestType>);
        return stamp({ ok: true, value: await route.handle(payload, caller) });
      } catch (e) {
        return stamp({ ok: false, error: toErrorInfo(e) });
      }
    })();
  };
}
