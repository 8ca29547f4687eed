import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The BUILT @vantage/sdk (sdk/dist, which `npm test` builds first): tests load what a dApp installs,
 * typed by the sources they were built from. A path, not an import, so type-checking a clean clone
 * (no dist yet) does not depend on a build.
 */
export const SDK_DIST = join(process.cwd(), 'sdk/dist');

export async function loadBuiltSdk(): Promise<{ browser: typeof import('@/sdk/src/index.ts'); testing: typeof import('@/sdk/src/testing.ts') }> {
  if (!existsSync(join(SDK_DIST, 'index.js'))) throw new Error('sdk/dist is missing: run `npm run build:sdk` (npm test does it first).');
  const load = (file: string) => import(/* @vite-ignore */ pathToFileURL(join(SDK_DIST, file)).href);
  const [browser, testing] = await Promise.all([load('index.js'), load('testing.js')]);
  return { browser, testing };
}
