/**
 * `npm run release -- <major|minor|patch|x.y.z>`: cuts a release from a clean
 * tree. Sets the version in package.json and its lock (both manifests take
 * theirs from package.json; it may already be the one started, README
 * "Releases"), moves CHANGELOG.md's Unreleased lines under the new
 * version with today's date (UTC), builds and lints the Firefox package as
 * addons.mozilla.org will, writes and checks the store packages (`npm run
 * zip`, `npm run check:packages`), records what they hold in
 * test/release/releases.json, then commits the release and tags it `v<version>`.
 * Stops at the first failure and puts every file it changed back.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { CHANGELOG, RECORDS, ROOT, packageDigests, readPackageJson, readRecords, zipPath } from './packages.ts';
import { cutChangelog, nextVersion, releasedVersions } from './rules.ts';

const run = (cmd: string, args: readonly string[], capture = false) =>
  execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit' }) ?? '';
const git = (...args: string[]) => run('git', args, true).trim();
const writeJson = (path: string, value: unknown) => writeFile(path, `${JSON.stringify(value, null, 2)}\n`);

const wanted = process.argv[2];
if (!wanted) {
  console.error('Usage: npm run release -- <major|minor|patch|x.y.z>');
  process.exit(2);
}
if (git('status', '--porcelain') !== '') {
  console.error('npm run release: the working tree has uncommitted changes; a release is cut from a commit: commit or stash them first.');
  process.exit(1);
}

const pkg = await readPackageJson();
const records = await readRecords();
const date = new Date().toISOString().slice(0, 10);
let version: string;
let changelog: string;
try {
  version = nextVersion(wanted, pkg.version, records);
  changelog = cutChangelog(await readFile(CHANGELOG, 'utf8'), version, date);
} catch (e) {
  console.error(`npm run release: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}

const changed = ['package.json', 'package-lock.json', relative(ROOT, CHANGELOG), relative(ROOT, RECORDS)];
try {
  console.info(`Releasing ${pkg.name} ${version} (${date}); the latest release was ${releasedVersions(records)[0] ?? 'none'}.`);
  // package.json and its lock; the same version again when it was already started (README, "Releases").
  run('npm', ['version', version, '--no-git-tag-version', '--allow-same-version']);
  await writeFile(CHANGELOG, changelog);

  run('npm', ['run', 'lint:firefox']);
  run('npm', ['run', 'zip']);
  run('npm', ['run', 'check:packages']);

  const released = { ...pkg, version };
  const digests = await packageDigests(released);
  await writeJson(RECORDS, { ...records, [version]: digests });
  git('add', ...changed);
  git('commit', '-m', `Release ${version}`, '-m', `What shipped (test/release/releases.json): chrome ${digests.chrome}, firefox ${digests.firefox}.`);
  git('tag', '-a', `v${version}`, '-m', `${pkg.name} ${version}`);
  console.info(`Released ${version}: committed and tagged v${version}. Upload ${(['chrome', 'firefox', 'sources'] as const).map((k) => relative(ROOT, zipPath(released, k))).join(', ')} (docs/releasing.md).`);
} catch (e) {
  git('checkout', '--', ...changed);
  console.error(`npm run release: stopped, nothing released (${changed.join(', ')} put back): ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
