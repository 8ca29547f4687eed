import { getAddress } from 'viem';
import { afterAll, beforeAll } from 'vitest';
import type { FirefoxDriver } from '@/test/e2e/driver/firefox.ts';
import type { TestPage } from '@/test/e2e/driver/types.ts';
import { selfSignedCert, servePage, type HttpsSite } from '@/test/e2e/https-site.ts';
import { sandboxScore } from '@/test/e2e/sandbox-answers.ts';
import type { Sandbox } from '@/test/sandbox/server.ts';

/**
 * A made-up block explorer on https, a host the extension holds no
 * permission for, showing one of the sandbox's wallets in checksum case: what
 * a person selects and right-clicks to reach the score menu items.
 */
export const EXPLORER_HOST = 'explorer.vantage.test';

export interface ExplorerPage {
  readonly site: HttpsSite;
  /** As the page shows it (EIP-55). */
  readonly wallet: `0x${string}`;
}

/** Serves the explorer for a describe's tests (the world's sandbox picks the wallet); returns its getter. */
export function useExplorerPage(world: () => { readonly sandbox: Sandbox }): () => ExplorerPage {
  let page: ExplorerPage | undefined;
  beforeAll(async () => {
    const wallet = getAddress(world().sandbox.dataset.walletAddresses()[11]!);
    const site = await servePage(EXPLORER_HOST, await selfSignedCert([EXPLORER_HOST]), `<!doctype html><title>An explorer</title>
      <p>Top holder: <span id="holder">${wallet}</span> (see its history)</p>`);
    page = { site, wallet };
  });
  afterAll(async () => {
    await page?.site.close();
  });
  return () => {
    if (!page) throw new Error('The explorer page is not served (see beforeAll)');
    return page;
  };
}

/**
 * On the explorer, selects the address, right-clicks it and chooses the item
 * starting with `labelPrefix`: the item's full label, the score window it
 * opened, and what the sandbox scores the wallet (credit-v1). The caller
 * closes both pages.
 */
export async function chooseOnExplorer(
  world: { readonly driver: FirefoxDriver; readonly sandbox: Sandbox },
  explorer: ExplorerPage,
  labelPrefix: string,
): Promise<{ label: string; page: TestPage; score: TestPage; expected: Record<string, unknown> }> {
  const { driver, sandbox } = world;
  const expected = await sandboxScore(sandbox, explorer.wallet, 'credit-v1');
  const page = await driver.open(`${explorer.site.origin}/`);
  const scoreWindow = driver.nextPage(/\/score\.html\?address=/);
  const label = await driver.chooseFromSelectionMenu(page, '#holder', labelPrefix);
  return { label, page, score: await scoreWindow, expected };
}
