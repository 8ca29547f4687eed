import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll } from 'vitest';
import type { MockScenario, MockVantageHandle } from '@/sdk/src/testing.ts';

/**
 * The BUILT @vantage/sdk (sdk/dist, which `npm test` builds first): tests load what a dApp installs,
 * typed by the sources they were built from. A path, not an import, so type-checking a clean clone
 * (no dist yet) does not depend on a build.
 */
export const SDK_DIST = join(process.cwd(), 'sdk/dist');

export type BuiltSdk = { browser: typeof import('@/sdk/src/index.ts'); testing: typeof import('@/sdk/src/testing.ts') };

export async function loadBuiltSdk(): Promise<BuiltSdk> {
  if (!existsSync(join(SDK_DIST, 'index.js'))) throw new Error('sdk/dist is missing: run `npm run build:sdk` (npm test does it first).');
  const load = (file: string) => import(/* @vite-ignore */ pathToFileURL(join(SDK_DIST, file)).href);
  const [browser, testing] = await Promise.all([load('index.js'), load('testing.js')]);
  return { browser, testing };
}

/**
 * For a happy-dom test file: the built SDK, loaded once, and `mock(scenario)` putting its mock on
 * `window` (removing the one before); whatever mock is up is removed after each test.
 */
export function useBuiltSdk(): { readonly sdk: BuiltSdk; readonly handle: MockVantageHandle | undefined; mock(scenario?: MockScenario): MockVantageHandle } {
  let sdk: BuiltSdk | undefined;
  let handle: MockVantageHandle | undefined;
  beforeAll(async () => {
    sdk = await loadBuiltSdk();
  });
  afterEach(() => {
    handle?.uninstall();
    handle = undefined;
  });
  const loaded = () => {
    if (!sdk) throw new Error('useBuiltSdk: the SDK is loaded in beforeAll; use it inside tests.');
    return sdk;
  };
  return {
    get sdk() {
      return loaded();
    },
    get handle() {
      return handle;
    },
    mock(scenario) {
      handle?.uninstall();
      handle = loaded().testing.mockVantage(window, scenario);
      return handle;
    },
  };
}
