import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import JSZip from 'jszip';
import type { BrowserName } from './driver/types.ts';

/**
 * Past releases' store packages, kept under test/e2e/fixtures/releases (the
 * README there says why), checked against their SHA256SUMS and unpacked into
 * a fresh folder: an installed copy of the previous release, which an update
 * test then replaces with the current build.
 */

/** The release the update test starts from. */
export const PREVIOUS_RELEASE = '0.1.0';

const RELEASES_DIR = resolve('test/e2e/fixtures/releases');
const ZIP_SUFFIX: Record<BrowserName, string> = { chromium: 'chrome', firefox: 'firefox' };

/** `sha256sum` output: `<hex>  <file>` per line. */
function parseSums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line.trim());
    if (m) sums.set(m[2]!, m[1]!);
  }
  return sums;
}

/** The release's package for a browser, refused if its bytes are not the ones recorded in SHA256SUMS. */
async function releaseZip(version: string, browser: BrowserName): Promise<Buffer> {
  const dir = join(RELEASES_DIR, version);
  const file = `vantage-${version}-${ZIP_SUFFIX[browser]}.zip`;
  const expected = parseSums(await readFile(join(dir, 'SHA256SUMS'), 'utf8')).get(file);
  if (!expected) throw new Error(`${dir}/SHA256SUMS lists no ${file}`);
  const bytes = await readFile(join(dir, file));
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== expected) throw new Error(`${dir}/${file} is not the released package: sha256 ${actual}, SHA256SUMS says ${expected}`);
  return bytes;
}

/** Unpacks the release's package for `browser` into a new temporary folder and returns the folder. */
export async function unpackRelease(browser: BrowserName, version = PREVIOUS_RELEASE): Promise<string> {
  const zip = await JSZip.loadAsync(await releaseZip(version, browser));
  const out = await mkdtemp(join(tmpdir(), `vantage-${version}-${browser}-`));
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    const target = resolve(out, entry.name);
    // A package names files inside itself only.
    if (!target.startsWith(`${out}/`)) throw new Error(`${version} package entry ${entry.name} points outside its folder`);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, await entry.async('nodebuffer'));
  }
  return out;
}

/** The `version` of a built extension folder's manifest. */
export async function manifestVersion(extensionDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(extensionDir, 'manifest.json'), 'utf8')) as { version?: unknown };
  if (typeof manifest.version !== 'string') throw new Error(`${extensionDir}/manifest.json has no version`);
  return manifest.version;
}

/**
 * Orders extension versions as browsers do (dot-separated whole numbers, a
 * missing part counting as 0): negative, zero or positive like a sort comparator.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
