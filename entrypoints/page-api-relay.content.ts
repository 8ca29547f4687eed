import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { sendToWorker } from '@/lib/messaging/send.ts';
import { injectPageWorldScript } from '@/lib/platform/page-world.ts';
import { EXTENSION_LINE, extensionLine } from '@/lib/proof/extension-line.ts';
import { PAGE_TARGET } from '@/lib/proof/contract.ts';
import { ackFromReply, createRelay, isKnock, type ClaimAnswer } from '@/lib/proof/relay.ts';

/**
 * The isolated-world relay for `window.vantage` (docs/page-api.md). It runs
 * on every http(s) page, top frame only, so the API is there to be found;
 * the worker decides who may use it. It never sees the API key.
 */
export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_start',
  main(ctx) {
    // Chromium orphans the content scripts of a reloaded, updated or disabled extension: their runtime has no id.
    // A worker that merely stopped while idle changes nothing here.
    const alive = () => {
      try {
        return Boolean(browser.runtime.id);
      } catch {
        return false;
      }
    };
    // While the page waits, a port to the worker: its disconnect is the first news of an update.
    const line = extensionLine({ connect: () => browser.runtime.connect({ name: EXTENSION_LINE }), alive, onGone: () => relay.stop() });
    const relay = createRelay({
      win: window,
      request: async (params) => ackFromReply(await sendToWorker('proof.request', params)),
      claim: async (ticket): Promise<ClaimAnswer> => {
        const reply = await sendToWorker('proof.claim', { ticket });
        return reply?.ok ? reply.value : { accepted: false };
      },
      abandon: async (flowId) => {
        await sendToWorker('proof.abandon', { flowId });
      },
      alive,
      onWaiting: (waiting) => line.want(waiting),
    });
    browser.runtime.onMessage.addListener((message: unknown, sender: { id?: string }) => {
      // Only the worker knocks (tabs.sendMessage); pages cannot reach this listener at all.
      if (sender.id !== browser.runtime.id || !isKnock(message)) return undefined;
      line.heard();
      return relay.knock(message);
    });
    // compat(vantage<0.2.0): a window.vantage from an older release talks window messages. Firefox starts this
    // relay in pages it left open at an update; told the old extension is gone, their pending and later requests
    // get 4900 instead of waiting for ever. This release's window.vantage reads no window message.
    window.postMessage({ target: PAGE_TARGET, type: 'gone' }, '/');
    relay.start();
    ctx.onInvalidated(() => relay.stop());
    // Where no main-world content script puts window.vantage into the page (Firefox), the relay does.
    injectPageWorldScript();
  },
});
