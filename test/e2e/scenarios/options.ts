import { expect } from 'vitest';
import { LOCAL_HOST_PATTERNS } from '@/lib/settings/schema.ts';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import type { BrowserDriver, TestPage } from '@/test/e2e/driver/types.ts';
import { selfSignedCert } from '@/test/e2e/https-site.ts';
import { startRequestLog, type RequestLog } from '@/test/e2e/request-log.ts';
import { holderHeadlines, sandboxCompleteDays } from '@/test/e2e/sandbox-answers.ts';
import type { Launch, Scenario, World } from './scenario.ts';

/**
 * Options as a user fills it: the sandbox's settings saved and kept, the key
 * masked until the eye reveals it, an https service saved with access asked
 * for exactly its host (and given back when no longer used), and garbage
 * refused with a message next to each field.
 */

/** The service as users have it: https on a hostname the extension holds no permission for. */
const SERVICE_HOST = 'api.vantage.test';

export interface OptionsWorld<D extends BrowserDriver = BrowserDriver> extends World<D> {
  readonly sandbox: Sandbox;
  /** The sandbox behind `https://api.vantage.test:<port>`, logging what reaches it. */
  readonly service: RequestLog;
}

export async function startOptionsWorld<D extends BrowserDriver>(launch: Launch<D>, extensionDir: string): Promise<OptionsWorld<D>> {
  const [sandbox, driver, tls] = await Promise.all([
    // A small dataset: these tests need the API's answers, not its volume.
    startSandbox({ port: 0, scale: 0.05 }),
    launch({ extensionDir, hosts: [SERVICE_HOST] }),
    selfSignedCert([SERVICE_HOST]),
  ]);
  const service = await startRequestLog(sandbox.origin, { https: { host: SERVICE_HOST, tls } });
  return {
    driver, sandbox, service,
    async close() {
      await driver.close();
      await Promise.all([service.close(), sandbox.close()]);
    },
  };
}

const SAVE = '.save-bar button[type="submit"]';
const NOTE = '.save-note';
const TEST_CONNECTION = '.connection-test button';
const VERDICT = '#connection-result';

const valueOf = (page: TestPage, id: string) => page.evaluate((i) => (document.getElementById(i) as HTMLInputElement).value, id);

async function fillFields(page: TestPage, values: Record<string, string>): Promise<void> {
  for (const [id, value] of Object.entries(values)) await page.fill(`#${id}`, value);
}

async function save(page: TestPage, expected: string | RegExp): Promise<void> {
  await page.click(SAVE);
  await expect.poll(() => page.text(NOTE)).toMatch(expected);
}

/** Host patterns the extension holds now, beyond the manifest's own. */
const runtimeHosts = async (driver: BrowserDriver) =>
  (await driver.inExtension(async () => (await browser.permissions.getAll()).origins ?? [])).filter((o) => !LOCAL_HOST_PATTERNS.includes(o));

export const optionsScenarios: readonly Scenario<OptionsWorld>[] = [
  {
    name: 'saves the sandbox settings, kept across a reload, the key sealed in storage and masked until the eye reveals it',
    async run({ driver, sandbox: sb }) {
      const page = await driver.openExtensionPage('options.html');
      const values = {
        apiKey: sb.apiKey,
        dataBaseUrl: sb.dataBaseUrl,
        integrationBaseUrl: sb.integrationBaseUrl,
        proofPageTemplate: `${sb.origin}/proof/{sessionId}`,
        defaultProject: 'nebula',
        scoreId: 'credit-lite',
        minScore: '640',
      };
      await fillFields(page, values);
      await save(page, /^Saved\.$/);

      // Sealed: storage.local is readable by content scripts.
      const local = await driver.getStorage('local');
      expect(JSON.stringify(local)).not.toContain(sb.apiKey);
      expect(local.settings).toMatchObject({ dataBaseUrl: sb.dataBaseUrl, defaultProject: 'nebula', scoreId: 'credit-lite', minScore: 640 });
      // The sandbox's hosts are the manifest's: nothing was asked for.
      expect(await runtimeHosts(driver)).toEqual([]);

      await page.goto(await page.url());
      await page.waitFor('#dataBaseUrl');
      for (const [id, value] of Object.entries(values)) expect(await valueOf(page, id), id).toBe(value);
      expect(await page.attr('#apiKey', 'type')).toBe('password');
      await page.click('button[aria-label="Show API key"]');
      expect(await page.attr('#apiKey', 'type')).toBe('text');
      await page.screenshot('options-key-shown');
      await page.click('button[aria-label="Hide API key"]');
      expect(await page.attr('#apiKey', 'type')).toBe('password');
      await page.close();
    },
  },
  {
    name: 'takes an https service: asks for exactly its host, reaches it, shows its numbers in the popup, and gives the access back when no longer used',
    async run({ driver, sandbox: sb, service }) {
      const host = `https://${SERVICE_HOST}/*`;
      const page = await driver.openExtensionPage('options.html');
      await fillFields(page, {
        apiKey: sb.apiKey,
        dataBaseUrl: `${service.origin}/dev`,
        integrationBaseUrl: `${service.origin}/v1`,
        defaultProject: 'nebula',
      });
      // Test connection, before saving, asks for the host the same way.
      await page.click(TEST_CONNECTION);
      await expect.poll(() => page.text(VERDICT)).toMatch(/Works: the service accepted the key and answered for project “nebula”/);
      expect(await runtimeHosts(driver)).toEqual([host]);

      await save(page, /^Saved\.$/);
      expect(await runtimeHosts(driver)).toEqual([host]);
      await page.screenshot('options-https-service');

      // The popup opens on the default project and shows what the https service answers.
      // Total holders at the end of the last complete day: the headline rule (lib/stats/headline.ts).
      const { total } = holderHeadlines(await sandboxCompleteDays(sb, 'holderChange', 'nebula'));
      const popup = await driver.openExtensionPage('popup.html');
      await popup.click('#section-holders');
      const figure = '[data-block="holders"] [data-figure="total"] .num[data-value]';
      await popup.waitFor(figure);
      await expect.poll(() => popup.attr(figure, 'data-value')).toBe(String(total));
      expect(service.paths.some((p) => p.startsWith('/dev/v3/data/nebula/holders/holder-change?'))).toBe(true);
      await popup.screenshot('popup-https-service');
      await popup.close();

      // Back to the sandbox: the https host's access is given back on save.
      await fillFields(page, { dataBaseUrl: sb.dataBaseUrl, integrationBaseUrl: sb.integrationBaseUrl });
      await save(page, /^Saved\.$/);
      expect(await runtimeHosts(driver)).toEqual([]);
      await page.close();
    },
  },
  {
    name: 'refuses garbage with a message next to each field, asks for no access and saves nothing',
    async run({ driver }) {
      const before = await driver.getStorage('local');
      const page = await driver.openExtensionPage('options.html');
      await fillFields(page, {
        dataBaseUrl: 'api.example.com/dev',
        integrationBaseUrl: 'ftp://files.example/v1',
        proofPageTemplate: 'https://proof.example/start',
        minScore: 'six hundred',
      });
      await save(page, 'Nothing was saved: fix the 4 fields marked below.');
      expect(await page.text('#dataBaseUrl-error')).toMatch(/must be a full URL/);
      expect(await page.text('#integrationBaseUrl-error')).toMatch(/must start with http:\/\/ or https:\/\//);
      expect(await page.text('#proofPageTemplate-error')).toBe('Proof page URL must contain {sessionId}.');
      expect(await page.text('#minScore-error')).toBe('Minimum score must be a whole number.');
      expect(await page.attr('#minScore', 'aria-invalid')).toBe('true');
      // Focus goes to the first field to fix.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('dataBaseUrl');
      await page.screenshot('options-errors');
      expect(await driver.getStorage('local')).toEqual(before);
      expect(await runtimeHosts(driver)).toEqual([]);
      await page.close();
    },
  },
];
