import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { sdkContractSuite, type ContractScenario, type ContractWorld } from '@/test/contract/sdk-contract.ts';
import { clickAndClose, consentOpened } from './consent-window.ts';
import { printExtensionErrorsOnFailure } from './driver/report.ts';
import type { LaunchBrowser, TestPage } from './driver/types.ts';
import { startProofWorld, type ProofWorld, type SiteHost } from './proof-world.ts';

/**
 * The SDK's contract suite against the real extension (Chromium: sdk-contract.e2e.test.ts; Firefox:
 * firefox-sdk-contract.e2e.test.ts). Each scenario gets a page on its own https site the extension holds
 * no permission for (a rejected site cools down), and the BUILT browser entry (sdk/dist/index.js) is
 * loaded into it as a module, as a dApp's bundle would carry it.
 */

const SITE: Record<ContractScenario | 'invalid', SiteHost> = {
  approve: 'dapp.example', bound: 'bound.example', reject: 'reject.example', hold: 'walk.example', below: 'below.example', invalid: 'other.example',
};

export function sdkContractInBrowser(launch: LaunchBrowser, extensionDir: string): void {
  let w: ProofWorld;
  let sdkCode: string;
  /** The consent window the user left up (hold), until it closes. */
  let held: TestPage | undefined;
  beforeAll(async () => {
    [w, sdkCode] = await Promise.all([startProofWorld(launch, { extensionDir }), readFile(join(process.cwd(), 'sdk/dist/index.js'), 'utf8')]);
  });
  afterAll(async () => {
    await w?.close();
  });
  printExtensionErrorsOnFailure(() => w?.driver);

  /** The consent window the SDK's request opened, shown and brought to the front. */
  const consentShown = () => consentOpened(w.driver, async () => undefined);

  const world: ContractWorld = {
    async open(scenario) {
      const page = await w.openDapp('sdk-contract', w.origin(SITE[scenario]));
      await page.evaluate(async (code: string) => {
        const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
        // Not a literal import(): Vitest would rewrite it into its own loader, which the page does not have.
        const load = new Function('url', 'return import(url)') as (u: string) => Promise<unknown>;
        (window as unknown as { __vantageSdk: unknown }).__vantageSdk = await load(url);
      }, sdkCode);
      return page;
    },
    async user(scenario) {
      const consent = await consentShown();
      if (scenario === 'hold') {
        held = consent;
      } else if (scenario === 'reject') {
        await clickAndClose(consent, '[data-testid="consent-reject"]');
      } else {
        const proofOpened = w.driver.nextPage(w.proofPage);
        await clickAndClose(consent, '[data-testid="consent-approve"]');
        const proofPage = await proofOpened;
        await w.prove(proofPage);
        if (scenario === 'below') {
          // The demo wallet scores 747: the service's page says it is below the minimum, and the user leaves.
          await proofPage.waitFor('#app[data-phase="below-condition"]');
          await proofPage.close();
        }
      }
    },
    async nothingShown() {
      if (held && !held.isClosed()) await held.waitForClose();
      held = undefined;
    },
    // The sandbox's public keys, as a dApp's server fetches them from the service.
    get trust() {
      return { serviceOrigin: w.sandbox.origin };
    },
  };

  sdkContractSuite(() => world);
}
