/**
 * @vantage/sdk as a dApp developer meets it: built, packed with `npm pack`, installed from the tarball
 * into a fresh project in a temporary folder outside the repository, a TypeScript file using all three
 * entries type-checked with `tsc --noEmit` against the installed declarations, and a server
 * verification run there against the keys a running sandbox serves at `/zk/…`: the test vectors' valid
 * proof is accepted, a tampered one refused.
 *
 * It packs the SDK as `npm run test:unit` has just built it (`npm run build:sdk`), and refuses a build
 * older than the sources. The install reads the npm cache first (`--prefer-offline`: the repository's
 * own install has put snarkjs there) and asks the registry only for what the cache lacks.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/server.ts';
import { VECTORS_PATH } from '../../sdk/vectors.ts';

const run = promisify(execFile);
const ROOT = process.cwd();
/** Building, packing and installing on a loaded 2-core CI machine: generous ceilings, not timing goals. */
const SLOW = 240_000;

/** The parent's npm settings (`npm test` sets npm_config_* for its children) must not steer the fresh project's npm. */
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
const sh = (cmd: string, args: string[], cwd: string) => run(cmd, args, { cwd, env: { ...cleanEnv, CI: 'true' }, maxBuffer: 16 * 1024 * 1024 });

/** The newest modification time among the files under `dir` (recursively); 0 when there is none. */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  return Math.max(0, ...readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => statSync(join(e.parentPath, e.name)).mtimeMs));
}

let project: string;
let sandbox: Sandbox;

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'vantage-sdk-consumer-'));
  expect(relative(ROOT, project).startsWith('..'), 'the fresh project lies outside the repository').toBe(true);
  sandbox = await startSandbox({ port: 0, scale: 0.02, warm: false });
  const built = newest(join(ROOT, 'sdk/dist'));
  const sources = Math.max(newest(join(ROOT, 'sdk/src')), newest(join(ROOT, 'lib/proof')));
  expect(built, 'sdk/dist is older than its sources: run `npm run build:sdk` (npm run test:unit does)').toBeGreaterThanOrEqual(sources);
  const { stdout } = await sh('npm', ['pack', '-w', '@vantage/sdk', '--pack-destination', project, '--json'], ROOT);
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  writeFileSync(join(project, 'package.json'), JSON.stringify({
    name: 'a-dapp', private: true, type: 'module', dependencies: { '@vantage/sdk': `file:./${packed!.filename}` },
  }, null, 2));
  await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], project);
}, SLOW);

afterAll(async () => {
  await sandbox?.close();
  if (project) rmSync(project, { recursive: true, force: true });
}, SLOW);

describe('the packed @vantage/sdk in a fresh project', { timeout: SLOW }, () => {
  it('installs as a package: no link back into the repository', () => {
    const installed = join(project, 'node_modules/@vantage/sdk/package.json');
    const manifest = JSON.parse(readFileSync(installed, 'utf8')) as { name: string; exports: Record<string, unknown> };
    expect(manifest.name).toBe('@vantage/sdk');
    expect(Object.keys(manifest.exports)).toEqual(expect.arrayContaining(['.', './server', './testing']));
  });

  it('type-checks a file that uses all three entries, against the installed declarations', async () => {
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM'], types: [], skipLibCheck: false,
      },
      files: ['uses-sdk.ts'],
    }, null, 2));
    writeFileSync(join(project, 'uses-sdk.ts'), USES_SDK);
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = await sh(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], project).then(() => 'ok', (e: { stdout?: string }) => e.stdout ?? String(e));
    expect(result).toBe('ok');
    // …and a mistake in it is caught: the declarations are really read.
    writeFileSync(join(project, 'uses-sdk.ts'), `${USES_SDK}\nconst wrong: ScoreProofVerdict = { ok: true };\n`);
    const broken = await sh(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], project).then(() => 'ok', (e: { stdout?: string }) => e.stdout ?? '');
    expect(broken).toMatch(/uses-sdk\.ts.*error TS/);
  });

  it('verifies against the sandbox’s keys: the valid proof and the testing entry’s fixture are accepted, a tampered one refused', async () => {
    copyFileSync(VECTORS_PATH, join(project, 'vectors.json'));
    writeFileSync(join(project, 'verify.mjs'), VERIFY_SCRIPT);
    const { stdout } = await sh(process.execPath, ['verify.mjs', sandbox.origin], project);
    expect(JSON.parse(stdout)).toEqual({
      valid: { ok: true, score: 712 }, tampered: { ok: false, reason: 'invalid-proof' }, fixture: { ok: true, score: 747 },
    });
  });
});

/** What a dApp writes: its page, its server and its tests, each through its own entry. */
const USES_SDK = `
import { detectVantage, requestScoreProof, isVantageError } from '@vantage/sdk';
import { verifyScoreProof, MemoryNullifierStore, type ScoreProofVerdict, type ScoreProofResult } from '@vantage/sdk/server';
import { mockVantage, FIXTURE_PROOF } from '@vantage/sdk/testing';

export async function page(): Promise<ScoreProofResult | null> {
  const provider = await detectVantage({ timeoutMs: 1000 });
  if (!provider) return null;
  try {
    return await requestScoreProof({ scoreId: 'credit-v1', condition: 600, web2Id: 'alice' }, { signal: AbortSignal.timeout(60_000) });
  } catch (e) {
    if (isVantageError(e)) console.log(e.code);
    return null;
  }
}

export async function server(result: unknown): Promise<number | string> {
  const verdict: ScoreProofVerdict = await verifyScoreProof(result, {
    scoreId: 'credit-v1', condition: 600, web2Id: 'alice', serviceOrigin: 'https://service.example', nullifiers: new MemoryNullifierStore(),
  });
  return verdict.ok ? verdict.score : verdict.reason;
}

export async function tests(win: Window): Promise<boolean> {
  const mock = mockVantage(win, { user: 'approve' });
  const result = await requestScoreProof(FIXTURE_PROOF.request);
  mock.uninstall();
  const keys = { verificationKey: {}, attestationKey: { Ax: '1', Ay: '2' } };
  return (await verifyScoreProof(result, { ...FIXTURE_PROOF.request, keys, nullifiers: null })).ok;
}
`;

/** A dApp server's verification, against the keys the sandbox serves (its origin is argv[2]). */
const VERIFY_SCRIPT = `
import { readFileSync } from 'node:fs';
import { verifyScoreProof, MemoryNullifierStore } from '@vantage/sdk/server';
import { FIXTURE_PROOF } from '@vantage/sdk/testing';

const vectors = JSON.parse(readFileSync('vectors.json', 'utf8'));
const { result, ask } = vectors.cases.find((c) => c.name === 'a valid proof, as asked');
const options = { ...ask, serviceOrigin: process.argv[2], nullifiers: new MemoryNullifierStore() };
const tampered = structuredClone(result);
tampered.proof.publicSignals[0] = tampered.publicSignals[0] = '850';
tampered.score = 850;
const [valid, refused] = [await verifyScoreProof(result, options), await verifyScoreProof(tampered, options)];
// The testing entry's fixture: what mockVantage hands over, so a dApp's own tests pass its server's checks.
const fixture = await verifyScoreProof(FIXTURE_PROOF.result, { ...FIXTURE_PROOF.request, serviceOrigin: process.argv[2], nullifiers: new MemoryNullifierStore() });
const brief = (v) => (v.ok ? { ok: true, score: v.score } : { ok: false, reason: v.reason });
console.log(JSON.stringify({ valid: brief(valid), tampered: brief(refused), fixture: brief(fixture) }));
`;
