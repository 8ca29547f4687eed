import { browser } from 'wxt/browser';
import { ApiError } from '@/lib/api/errors.ts';
import { t } from '@/lib/i18n/index.ts';
import { CHANNEL, type Reply, type RequestOf, type RequestType, type ResponseOf } from './protocol.ts';

/**
 * The worker's latest reply to this page (undefined: none yet, or nobody answered): the page's build check
 * (lib/build/page-guard.ts) reads the build it names, riding on what the page asks anyway.
 */
export let lastReply: Reply<unknown> | undefined;

/** Sends a typed request to the background worker; its reply as sent (undefined: nobody answered). */
export async function sendToWorker<K extends RequestType>(type: K, payload: RequestOf<K>): Promise<Reply<ResponseOf<K>> | undefined> {
  return (lastReply = (await browser.runtime.sendMessage({ channel: CHANNEL, type, payload })) as Reply<ResponseOf<K>> | undefined);
}

/** Asks the background worker; rejects with ApiError when it answers an error. */
export async function askWorker<K extends RequestType>(type: K, payload: RequestOf<K>): Promise<ResponseOf<K>> {
  const reply = await sendToWorker(type, payload);
  if (!reply) throw new ApiError({ kind: 'bad-response', message: t('errors.noWorker') });
  if (!reply.ok) throw new ApiError(reply.error);
  return reply.value;
}
