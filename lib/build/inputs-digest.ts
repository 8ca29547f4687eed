/**
 * The build id: a digest of what a build is made from, worked out in Node by
 * wxt.config.ts (which loads this file before the `@/` alias exists: Node
 * built-ins only). Not the clock: the same sources give the same id, so a
 * store reviewer's rebuild from the sources zip gives the same bytes
 * (`npm run check:packages`). Pages and the worker compare it at run time
 * (lib/build/id.ts, docs/architecture.md "One build").
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The global the build defines as the id (a string literal in the built code). */
export const BUILD_ID_GLOBAL = '__VANTAGE_BUILD__';

/** Folders and files a build reads: the product's code, texts and assets, and what pins its tools. */
export const BUILD_INPUTS: readonly string[] = [
  'entrypoints', 'components', 'lib', 'locales', 'public',
  'package.json', 'package-lock.json', 'wxt.config.ts', 'tsconfig.json',
];

/**
 * Files a sources zip leaves out (WXT's defaults: dot files, tests, node_modules), so a rebuild from it
 * lacks them too: they must not count here either, or its id would differ.
 */
const LEFT_OUT = /(^|\/)(\.|node_modules\/|__tests__\/)|\.(test|spec)\.[cm]?[jt]sx?$/;

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => filesUnder(root, `${path}/${name}`));
}

/** A path below `root`, written with `/` on every platform. */
export function inputPath(root: string, absolute: string): string {
  return relative(root, absolute).split(sep).join('/');
}

/**
 * 16 hex digits of SHA-256 over the build inputs under `root` (names and contents, in name order), less
 * `skip`: the entrypoints this browser's build leaves out, which its sources zip leaves out too.
 */
export function inputsDigest(root: string, skip: ReadonlySet<string> = new Set()): string {
  const hash = createHash('sha256');
  const files = BUILD_INPUTS.flatMap((p) => filesUnder(root, p)).filter((f) => !LEFT_OUT.test(f) && !skip.has(f)).sort();
  for (const file of files) {
    const data = readFileSync(join(root, file));
    hash.update(`${file}\0${data.length}\0`);
    hash.update(data);
  }
  return hash.digest('hex').slice(0, 16);
}
