/**
 * Reproduces the score circuit's trusted setup and writes the committed
 * artifacts (test/sandbox/zk/artifacts/): compile with the WASM build of
 * circom (--O2, so ~5k constraints fit 2^13) → powers of tau 2^13 → Groth16
 * phase 2 → verification key, plus a manifest tying them to the circuit.
 *
 * A dev setup with one local contributor per phase: fine for a sandbox, not
 * for production (whoever ran it could forge proofs).
 *
 * Usage: npm run zk:setup            (reuses build/pot13_final.ptau when present)
 *        npm run zk:setup -- --fresh-ptau
 * The prepare-phase2 step alone takes ~160 s on 2 cores; tests never run this.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as snarkjs from 'snarkjs';
import { buildManifest } from './manifest.ts';
import { zkPaths } from './paths.ts';
import { selfCheck } from './self-check.ts';

const POWER = 13;
const run = promisify(execFile);
const require = createRequire(import.meta.url);

function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  process.stdout.write(`${label}… `);
  return work().then((value) => {
    console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
    return value;
  });
}

const exists = (path: string) => access(path).then(() => true, () => false);
const entropy = () => randomBytes(32).toString('hex');

async function compile(buildDir: string): Promise<void> {
  const circom = join(require.resolve('circom2/package.json'), '..', 'cli.js');
  const nodeModules = join(require.resolve('circomlib/package.json'), '..', '..');
  await run(process.execPath, [circom, zkPaths.circuit, '--r1cs', '--wasm', '--O2', '-l', nodeModules, '-o', buildDir]);
}

async function powersOfTau(buildDir: string, fresh: boolean): Promise<string> {
  const final = join(buildDir, `pot${POWER}_final.ptau`);
  if (!fresh && (await exists(final))) {
    console.log(`powers of tau: reusing ${final}`);
    return final;
  }
  const p0 = join(buildDir, `pot${POWER}_0000.ptau`);
  const p1 = join(buildDir, `pot${POWER}_0001.ptau`);
  const curve = await snarkjs.curves.getCurveFromName('bn128');
  await step(`powers of tau 2^${POWER}: new`, () => snarkjs.powersOfTau.newAccumulator(curve, POWER, p0));
  await step('powers of tau: contribute', () => snarkjs.powersOfTau.contribute(p0, p1, 'sandbox contributor', entropy()));
  await step('powers of tau: prepare phase 2 (slow)', () => snarkjs.powersOfTau.preparePhase2(p1, final));
  return final;
}

async function phase2(buildDir: string, ptau: string): Promise<void> {
  const r1cs = join(buildDir, 'score.r1cs');
  const z0 = join(buildDir, 'score_0000.zkey');
  await step('groth16 setup', () => snarkjs.zKey.newZKey(r1cs, ptau, z0));
  await step('groth16 contribute', () => snarkjs.zKey.contribute(z0, zkPaths.zkey, 'sandbox contributor', entropy()));
  const vkey = await step('export verification key', () => snarkjs.zKey.exportVerificationKey(zkPaths.zkey));
  await writeFile(zkPaths.verificationKey, `${JSON.stringify(vkey, null, 1)}\n`);
}

async function main(): Promise<void> {
  const fresh = process.argv.includes('--fresh-ptau');
  const buildDir = zkPaths.buildDir;
  await mkdir(buildDir, { recursive: true });
  await step('compile circuit (circom2 --O2)', () => compile(buildDir));
  const ptau = await powersOfTau(buildDir, fresh);
  await phase2(buildDir, ptau);
  await copyFile(join(buildDir, 'score_js', 'score.wasm'), zkPaths.wasm);
  // circom's generated JS helpers are not used (snarkjs computes witnesses) and are not lint-clean.
  await rm(join(buildDir, 'score_js'), { recursive: true, force: true });
  const manifest = await buildManifest(POWER);
  await writeFile(zkPaths.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
  await step('self-check: prove and verify a sample', selfCheck);
  console.log(`artifacts written: ${zkPaths.wasm}, ${zkPaths.zkey}, ${zkPaths.verificationKey}`);
  // snarkjs keeps its curve's worker threads alive; nothing else is pending.
  const curve = await snarkjs.curves.getCurveFromName('bn128');
  await curve.terminate();
}

await main();
