/**
 * Checks the store packages `npm run zip` wrote, as a store reviewer would
 * meet them: the Chrome and Firefox zips hold their manifests, the sources
 * zip holds what a rebuild needs and nothing heavy beside it, and building
 * the Firefox extension from the sources zip alone gives the Firefox zip's
 * files byte for byte. Exits non-zero on any failure.
 *
 *   npm run zip && npm run check:packages
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import type JSZip from 'jszip';
import { ROOT, filesOf, openZip, readPackageJson, zipPath } from './packages.ts';
/** Everything a reviewer needs to rebuild: the build's inputs and instructions. */
const NEEDED = ['package.json', 'package-lock.json', 'wxt.config.ts', 'tsconfig.json', 'README.md', 'entrypoints/background/index.ts'];
/** Never in the sources zip: tests (the sandbox's zk artifacts among them), installs, build output. */
const UNWANTED = /^(test|node_modules|\.output|tmp|test-results)\//;
/** Far above the sources (under 1 MB unpacked, most of it the lock file), far below anything heavy slipping in. */
const MAX_SOURCES_BYTES = 2_000_000;

const problems: string[] = [];
const check = (ok: boolean, problem: string) => {
  if (!ok) problems.push(problem);
};

async function manifestOf(zip: JSZip): Promise<Record<string, unknown>> {
  const file = zip.file('manifest.json');
  if (!file) throw new Error('no manifest.json');
  return JSON.parse(await file.async('string')) as Record<string, unknown>;
}

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path, base)));
    else out.push(relative(base, path));
  }
  return out.sort();
}

/** Unpacks the sources zip, builds the Firefox extension there, and compares it with the Firefox zip. */
async function rebuildFromSources(sources: JSZip, firefox: JSZip): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'vantage-sources-'));
  try {
    for (const f of filesOf(sources)) {
      const target = join(dir, f.name);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, await f.async('nodebuffer'));
    }
    // The reviewer runs `npm ci`; the same installed packages stand in for it here.
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const out = join(dir, '.output');
    await promisify(execFile)(join(ROOT, 'node_modules/.bin/wxt'), ['build', '-b', 'firefox'], {
      cwd: dir,
      env: { ...process.env, WXT_OUT_DIR: out },
    });
    const built = await listFiles(join(out, 'firefox-mv2'));
    const packed = filesOf(firefox).map((f) => f.name).sort();
    check(JSON.stringify(built) === JSON.stringify(packed), `the rebuild's files differ from the Firefox zip's: ${built.join(', ')} vs ${packed.join(', ')}`);
    for (const name of packed) {
      const a = await readFile(join(out, 'firefox-mv2', name)).catch(() => null);
      const b = await firefox.file(name)!.async('nodebuffer');
      check(a !== null && a.equals(b), `${name} rebuilt from the sources differs from the Firefox zip's`);
    }
    console.info(`Rebuilt from the sources zip: ${built.length} files, identical to the Firefox zip.`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const pkg = await readPackageJson();
  const zip = (kind: 'chrome' | 'firefox' | 'sources') => openZip(zipPath(pkg, kind));
  const [chrome, firefox, sources] = await Promise.all([zip('chrome'), zip('firefox'), zip('sources')]);

  const chromeManifest = await manifestOf(chrome);
  check(chromeManifest.manifest_version === 3, 'the Chrome zip is not MV3');
  const firefoxManifest = await manifestOf(firefox);
  const gecko = (firefoxManifest.browser_specific_settings as { gecko?: Record<string, unknown> } | undefined)?.gecko;
  check(firefoxManifest.manifest_version === 2, 'the Firefox zip is not the MV2 build');
  for (const [browser, manifest] of [['Chrome', chromeManifest], ['Firefox', firefoxManifest]] as const) {
    check(manifest.version === pkg.version, `the ${browser} manifest's version is ${String(manifest.version)}, not package.json's ${pkg.version}`);
  }
  check(typeof gecko?.id === 'string', 'the Firefox manifest has no gecko id');
  check(Array.isArray((gecko?.data_collection_permissions as { required?: unknown } | undefined)?.required), 'the Firefox manifest declares no data collection');
  check(JSON.stringify(firefoxManifest.optional_permissions) === JSON.stringify(['https://*/*', 'http://*/*', 'notifications']), 'the Firefox manifest lacks the optional host permissions Options asks from, or the optional notifications "Watch" asks for');
  check(JSON.stringify(chromeManifest.optional_permissions) === JSON.stringify(['notifications']), 'the Chrome manifest lacks the optional notifications permission "Watch" asks for');

  const names = filesOf(sources).map((f) => f.name);
  for (const needed of NEEDED) check(names.includes(needed), `the sources zip lacks ${needed}`);
  const unwanted = names.filter((n) => UNWANTED.test(n));
  check(unwanted.length === 0, `the sources zip holds what no build needs: ${unwanted.slice(0, 5).join(', ')}${unwanted.length > 5 ? ' …' : ''}`);
  const sizes = await Promise.all(filesOf(sources).map(async (f) => (await f.async('nodebuffer')).length));
  const total = sizes.reduce((a, b) => a + b, 0);
  check(total <= MAX_SOURCES_BYTES, `the sources zip unpacks to ${total} bytes, over ${MAX_SOURCES_BYTES}`);
  console.info(`Sources zip: ${names.length} files, ${(total / 1024).toFixed(0)} KB unpacked.`);

  await rebuildFromSources(sources, firefox);

  if (problems.length) {
    console.error(`Store packages: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.info('Store packages: the Chrome zip, the Firefox zip and the sources zip are ready to submit.');
  }
}

await main();
