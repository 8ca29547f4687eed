import { privateKeyToAccount } from 'viem/accounts';
import type { Bidi } from './firefox-bidi.ts';
import { walletAnswer } from './test-wallet.ts';

/**
 * An EIP-1193 `window.ethereum` on every page of one origin, in Firefox: a
 * BiDi preload script (run before the page's own scripts, in every tab,
 * including those the extension opens) whose requests travel over a BiDi
 * channel to the test process, which signs and settles them in that page.
 */

// A string, not a function: tsx rewrites named functions with an `__name` helper the page lacks.
const provider = (origin: string) => `(send) => {
  if (location.origin !== ${JSON.stringify(origin)}) return;
  const pending = new Map();
  let next = 0;
  Object.defineProperty(window, '__vantageE2eWalletSettle', {
    value: (id, json) => {
      const { ok, value } = JSON.parse(json);
      const p = pending.get(Number(id));
      pending.delete(Number(id));
      if (ok) p.resolve(value);
      else p.reject(new Error(value));
    },
  });
  window.ethereum = {
    request: ({ method, params = [] }) => new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      send(JSON.stringify({ id, method, params }));
    }),
  };
}`;

const SETTLE = '(id, json) => window.__vantageE2eWalletSettle(id, json)';

export async function injectFirefoxWallet(bidi: Bidi, origin: string, privateKey: `0x${string}`): Promise<{ address: string }> {
  const account = privateKeyToAccount(privateKey);
  const channel = `vantage-e2e-wallet:${origin}`;
  bidi.onMessage(channel, (data, source) => {
    const { id, method, params } = JSON.parse(data) as { id: number; method: string; params: unknown[] };
    walletAnswer(account, method, params)
      .then((value) => ({ ok: true, value }), (e: unknown) => ({ ok: false, value: e instanceof Error ? e.message : String(e) }))
      .then((answer) => bidi.callInRealm(source.realm, SETTLE, [String(id), JSON.stringify(answer)]))
      // The page may have gone away meanwhile: nobody is waiting for the answer then.
      .catch(() => undefined);
  });
  await bidi.addPreloadScript(provider(origin), channel);
  return { address: account.address };
}
