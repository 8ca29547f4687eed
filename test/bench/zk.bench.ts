/**
 * Score-proof timings: Groth16 proving in the sandbox's prover process and
 * verification (snarkjs + the service-key check), on the committed artifacts.
 * Targets on 2 cores: prove ≤ 2 s, verify ≤ 50 ms. Reports; exits 1 on a miss
 * only with --strict.
 *
 * Usage: npm run bench:zk [-- --runs 5 --strict]
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import * as snarkjs from 'snarkjs';
import { createAttester } from '@/test/sandbox/zk/attestation.ts';
import { createWorkerProver } from '@/test/sandbox/zk/prover.ts';
import { prepareStatement } from '@/test/sandbox/zk/statement.ts';
import { loadVerificationKey, verifyScoreProof } from '@/test/sandbox/zk/verifier.ts';
import { argValue, report, timed } from './timing.ts';

const TARGET_PROVE_MS = 2000;
const TARGET_VERIFY_MS = 50;

async function main(): Promise<void> {
  const runs = argValue('--runs', 5);
  const attester = await createAttester();
  const trust = { verificationKey: loadVerificationKey(), attestationKey: attester.publicKey };
  const prover = createWorkerProver();
  console.log(`score proof bench on ${availableParallelism()} cores`);
  try {
    const statements = await Promise.all(
      Array.from({ length: runs + 1 }, (_, i) =>
        prepareStatement(attester, {
          wallet: `0x${randomBytes(20).toString('hex')}`, score: 700 + i, condition: 650,
          scoreId: 'credit-v1', web2Id: `bench-user-${i}`, appScope: 'bench',
        })),
    );
    // The first proof also starts the prover process and loads the artifacts.
    const [first, coldMs] = await timed(() => prover.prove(statements[0]!.input));
    console.log(`cold     ${coldMs.toFixed(1)} ms  (process start + first proof)`);

    const proveMs: number[] = [];
    for (const statement of statements.slice(1)) proveMs.push((await timed(() => prover.prove(statement.input)))[1]);

    // Likewise the first verification builds the curve in this process.
    const [, coldVerifyMs] = await timed(() => verifyScoreProof(first, trust));
    console.log(`cold     ${coldVerifyMs.toFixed(1)} ms  (first verification)`);

    const verifyMs: number[] = [];
    for (let i = 0; i < Math.max(10, runs * 4); i++) {
      const [valid, ms] = await timed(() => verifyScoreProof(first, trust));
      if (!valid) throw new Error('A freshly generated proof did not verify.');
      verifyMs.push(ms);
    }
    const proveOk = report('prove', proveMs, TARGET_PROVE_MS);
    const verifyOk = report('verify', verifyMs, TARGET_VERIFY_MS);
    if (process.argv.includes('--strict') && !(proveOk && verifyOk)) process.exitCode = 1;
  } finally {
    await prover.close();
    await (await snarkjs.curves.getCurveFromName('bn128')).terminate();
  }
}

await main();
