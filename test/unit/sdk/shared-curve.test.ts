/**
 * @vantage/sdk/server in a process that already has snarkjs's shared curve (an ES-module snarkjs's, with its worker
 * threads): the SDK verifies with that curve instead of dropping it. Loading snarkjs with `require` brings a copy of
 * its curve library whose start-up forgets the shared curve; dropped, its threads lived on unused and the SDK built
 * another. A fresh process, since the curve is per process.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const SCRIPT = fileURLToPath(new URL('./fixtures/shared-curve.ts', import.meta.url));

it('verifies with the curve the process already had, and the process ends once the app ends that curve', async () => {
  // The process exits by itself (no process.exit): a dropped curve's threads would keep it alive past the ceiling.
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', tsxLoader, SCRIPT], { timeout: 60_000 });
  expect(JSON.parse(stdout)).toEqual({ before: true, sdk: true, kept: true, multiThreaded: true });
}, 90_000);
