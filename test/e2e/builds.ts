import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Built extension folders for the build-mix tests (issue 37): a copy to load
 * unpacked that a test may rewrite, the swap of its files for another build's,
 * and the build id a build's pages and worker were made with.
 */

/** What a worker says to a request it does not know (lib/messaging/router.ts, in every release). */
export const UNKNOWN_REQUEST = 'Unknown or forbidden request.';
/** A request 0.1.0's worker does not know, harmless to ask (it forgets an empty proof history). */
export const NEW_ONLY_REQUEST = 'proof.history.clear';

/** A worker's reply to an extension page, as the tests read it (lib/messaging/protocol.ts). */
export interface Reply {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: { readonly message: string };
  /** The worker's build; none from releases before build ids. */
  readonly build?: string;
}

/** A folder to load unpacked (the test rewrites it), holding a copy of `build`. */
export async function loadedCopy(build: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vantage-unpacked-'));
  await cp(build, dir, { recursive: true });
  return dir;
}

/** Replaces the loaded folder's files with `build`'s, as a developer or a script does. */
export async function swapFiles(dir: string, build: string): Promise<void> {
  for (const entry of await readdir(dir)) await rm(join(dir, entry), { recursive: true, force: true });
  await cp(build, dir, { recursive: true });
}

/**
 * The build id a built folder's pages and worker were made with (lib/build/id.ts): the one 16-hex string
 * literal that background.js shares with the pages' chunks. Throws unless there is exactly one.
 */
export async function builtId(dir: string): Promise<string> {
  const literals = (text: string) => new Set(text.match(/"[0-9a-f]{16}"/g) ?? []);
  const worker = literals(await readFile(join(dir, 'background.js'), 'utf8'));
  const shared = new Set<string>();
  for (const chunk of await readdir(join(dir, 'chunks'))) {
    for (const l of literals(await readFile(join(dir, 'chunks', chunk), 'utf8'))) if (worker.has(l)) shared.add(l);
  }
  if (shared.size !== 1) throw new Error(`${dir}: ${shared.size} build ids shared by background.js and the pages (${[...shared].join(', ')}), not one`);
  return JSON.parse([...shared][0]!) as string;
}
