/**
 * Where the store packages and the release records live, and reading them:
 * shared by `npm run zip`, `npm run release` and `npm run check:packages`.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import JSZip from 'jszip';
import { BROWSERS, contentDigest, type Browser, type Digests, type ReleaseRecords } from './rules.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const OUT = resolve(ROOT, process.env.WXT_OUT_DIR ?? '.output');
export const CHANGELOG = join(ROOT, 'CHANGELOG.md');
/** Every released version and the digests of what shipped (committed with each release). */
export const RECORDS = join(ROOT, 'test/release/releases.json');

export interface PackageJson {
  readonly name: string;
  readonly version: string;
}

export async function readPackageJson(): Promise<PackageJson> {
  return JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
}

export async function readRecords(): Promise<ReleaseRecords> {
  return JSON.parse(await readFile(RECORDS, 'utf8')) as ReleaseRecords;
}

/** `.output/<name>-<version>-<kind>.zip`, as `wxt zip` names them. */
export const zipPath = ({ name, version }: PackageJson, kind: Browser | 'sources') => join(OUT, `${name}-${version}-${kind}.zip`);

export async function openZip(path: string): Promise<JSZip> {
  return JSZip.loadAsync(await readFile(path));
}

export const filesOf = (zip: JSZip) => Object.values(zip.files).filter((f) => !f.dir);

/** The digest of what a zip holds (its files' names and contents, not its timestamps). */
export async function zipDigest(path: string): Promise<string> {
  const zip = await openZip(path);
  return contentDigest(await Promise.all(filesOf(zip).map(async (f) => ({ path: f.name, data: await f.async('uint8array') }))));
}

/** The digests of both browser packages of a version, from its zips. */
export async function packageDigests(pkg: PackageJson, zipOf: (b: Browser) => string = (b) => zipPath(pkg, b)): Promise<Digests> {
  const [chrome, firefox] = await Promise.all(BROWSERS.map((b) => zipDigest(zipOf(b))));
  return { chrome: chrome!, firefox: firefox! };
}
