/**
 * The example dApp's own files, without a browser: its page script bundles
 * (it imports the shared contract as `@/lib/…`, which the bundler must resolve
 * as tsconfig.json does) and snarkjs's browser build is found. The proof flow
 * through it runs in test/e2e/proof.e2e.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANDS } from '@/lib/score/band.ts';
import { startExampleDapp, type ExampleDapp } from './server.ts';

let dapp: ExampleDapp;

beforeAll(async () => {
  // No service behind it: these requests never reach one.
  dapp = await startExampleDapp({ serviceOrigin: 'http://127.0.0.1:9', integrationBaseUrl: 'http://127.0.0.1:9/v1', apiKey: 'unused', port: 0 });
});

afterAll(async () => {
  await dapp?.close();
});

describe('example dApp files', { timeout: 60_000 }, () => {
  it('serves its page script, bundled with the band table from lib/score/band.ts', async () => {
    const res = await fetch(`${dapp.origin}/app.js`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    for (const band of BANDS) expect(text).toContain(JSON.stringify(band.name));
    expect(text).not.toMatch(/from ['"]@\//);
  });

  it('serves the page, and snarkjs where the page script loads it for its first offline check', async () => {
    const page = await fetch(`${dapp.origin}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/app.js">');
    // Not with the page: ~700 KB that most visits never use.
    expect(html).not.toContain('snarkjs.min.js');
    expect(await (await fetch(`${dapp.origin}/app.js`)).text()).toContain('/vendor/snarkjs.min.js');
    const snarkjs = await fetch(`${dapp.origin}/vendor/snarkjs.min.js`);
    expect(snarkjs.status).toBe(200);
    expect((await snarkjs.text()).length).toBeGreaterThan(100_000);
  });
});
