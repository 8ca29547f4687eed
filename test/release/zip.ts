/**
 * `npm run zip`: the store packages (`wxt zip` for Chrome and for Firefox,
 * which also writes the sources zip), made only for a version that may ship
 * (rules.ts): one above every release, or a release's own version with
 * exactly the contents it shipped. A store only delivers an update when the
 * version grows, so a change packaged under a released version would reach
 * no one who has it. On refusal nothing is left in .output to upload.
 */
import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CHANGELOG, ROOT, packageDigests, readPackageJson, readRecords, zipPath } from './packages.ts';
import { packagingProblem } from './rules.ts';

const pkg = await readPackageJson();
const input = { version: pkg.version, changelog: await readFile(CHANGELOG, 'utf8'), records: await readRecords() };
const refuse = (problem: string) => {
  console.error(`npm run zip: refused: ${problem}`);
  process.exit(1);
};

const before = packagingProblem(input);
if (before) refuse(before);

const wxt = join(ROOT, 'node_modules/.bin/wxt');
execFileSync(wxt, ['zip'], { cwd: ROOT, stdio: 'inherit' });
execFileSync(wxt, ['zip', '-b', 'firefox'], { cwd: ROOT, stdio: 'inherit' });

const digests = await packageDigests(pkg);
const after = packagingProblem({ ...input, digests });
if (after) {
  await Promise.all((['chrome', 'firefox', 'sources'] as const).map((kind) => rm(zipPath(pkg, kind), { force: true })));
  refuse(after);
}
console.info(input.records[pkg.version]
  ? `${pkg.name} ${pkg.version}: the packages hold exactly what ${pkg.version} shipped.`
  : `${pkg.name} ${pkg.version}: not released yet; \`npm run release\` records what these packages hold.`);
