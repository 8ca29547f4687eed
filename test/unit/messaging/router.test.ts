import { describe, expect, it } from 'vitest';
import { createMessageListener, MAX_CONTENT_MESSAGE, type Routes } from '@/lib/messaging/router.ts';
import { CHANNEL } from '@/lib/messaging/protocol.ts';
import { classifySender } from '@/lib/messaging/sender.ts';
import { ApiError } from '@/lib/api/errors.ts';

const ID = 'extid';
const EXT = 'chrome-extension://extid';
const page = { id: ID, url: `${EXT}/popup.html`, origin: EXT };
const content = { id: ID, url: 'https://dapp.example/app', origin: 'https://dapp.example', tab: { id: 7, url: 'https://dapp.example/app' }, frameId: 0 };

describe('classifySender', () => {
  it('knows extension pages, with or without a tab', () => {
    expect(classifySender(page, ID, EXT)).toEqual({ kind: 'extension-page', tabId: undefined });
    expect(classifySender({ ...page, tab: { id: 3 } }, ID, EXT)).toEqual({ kind: 'extension-page', tabId: 3 });
  });
  it('takes a content script origin from the browser', () => {
    expect(classifySender(content, ID, EXT)).toEqual({ kind: 'content-script', origin: 'https://dapp.example', tabId: 7, frameId: 0 });
  });
  it('keeps the sending document where the browser names it (Chromium)', () => {
    expect(classifySender({ ...content, documentId: 'D-1' }, ID, EXT)).toMatchObject({ kind: 'content-script', documentId: 'D-1' });
  });
  it('falls back to the tab URL where sender.origin is missing (older Firefox)', () => {
    const { origin: _o, url: _u, ...old } = content;
    expect(classifySender(old, ID, EXT)).toMatchObject({ origin: 'https://dapp.example' });
  });
  it('refuses other extensions, tabless non-extension senders and non-web origins', () => {
    expect(classifySender({ ...page, id: 'other' }, ID, EXT)).toBeNull();
    expect(classifySender({ id: ID, url: 'https://x.io' }, ID, EXT)).toBeNull();
    expect(classifySender({ ...content, origin: 'file://', url: 'file:///etc', tab: { id: 1, url: 'file:///etc' } }, ID, EXT)).toBeNull();
  });
});

describe('createMessageListener', () => {
  const seen: unknown[] = [];
  const routes = {
    ping: { allow: ['extension-page'], handle: async () => ({ name: 'Vantage', version: '1.0.0' }) },
    'test.echo': {
      allow: ['content-script', 'extension-page'],
      parse: (p: unknown) => {
        if (typeof (p as { n?: unknown })?.n !== 'number') throw new ApiError({ kind: 'invalid-params', message: 'n must be a number' });
        return p as { n: number };
      },
      handle: async (p: { n: number }, caller: unknown) => {
        seen.push(caller);
        return { n: p.n * 2 };
      },
    },
  } as unknown as Routes;
  const BUILD_ID = 'b1b1b1b1b1b1b1b1';
  const listen = createMessageListener(routes, ID, EXT, BUILD_ID);
  const msg = (type: string, payload: unknown = {}) => ({ channel: CHANNEL, type, payload });

  it('ignores messages that are not on our channel', () => {
    expect(listen({ type: 'ping' }, page)).toBeUndefined();
    expect(listen('ping', page)).toBeUndefined();
  });

  it('answers allowed callers with a Reply; an extension page\'s names the worker\'s build, a web page\'s does not', async () => {
    await expect(listen(msg('ping'), page)).resolves.toEqual({ ok: true, value: { name: 'Vantage', version: '1.0.0' }, build: BUILD_ID });
    await expect(listen(msg('test.echo', { n: 2 }), content)).resolves.toEqual({ ok: true, value: { n: 4 } });
    expect(seen.at(-1)).toMatchObject({ kind: 'content-script', origin: 'https://dapp.example' });
  });

  it('refuses routes a caller may not use, and unknown routes (to a page, naming the build: a worker of another build refuses what it does not know)', async () => {
    await expect(listen(msg('ping'), content)).resolves.toEqual({ ok: false, error: { kind: 'invalid-params', message: 'Unknown or forbidden request.' } });
    await expect(listen(msg('nope'), page)).resolves.toEqual({ ok: false, error: { kind: 'invalid-params', message: 'Unknown or forbidden request.' }, build: BUILD_ID });
  });

  it('names the build in a failed handler\'s error to a page too', async () => {
    await expect(listen(msg('test.echo', { n: 'x' }), page)).resolves.toMatchObject({ ok: false, error: { message: 'n must be a number' }, build: BUILD_ID });
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'refuses the type %j with a Reply, never a throw (no inherited members)',
    async (type) => {
      for (const sender of [page, content]) {
        // Before the fix the listener threw here, synchronously, on `undefined.includes`.
        await expect(listen(msg(type), sender)).resolves.toMatchObject({ ok: false, error: { kind: 'invalid-params', message: 'Unknown or forbidden request.' } });
      }
    },
  );

  it('validates content-script payloads and limits their size', async () => {
    await expect(listen(msg('test.echo', { n: 'x' }), content)).resolves.toEqual({
      ok: false, error: expect.objectContaining({ kind: 'invalid-params', message: 'n must be a number' }),
    });
    const big = { n: 1, pad: 'x'.repeat(MAX_CONTENT_MESSAGE) };
    await expect(listen(msg('test.echo', big), content)).resolves.toMatchObject({ ok: false, error: { message: 'Request too large.' } });
  });
});
