/**
 * `@vantage/sdk/server`'s verifyScoreProof on the committed test vectors (real proofs from the sandbox's
 * prover): the whole verdict — shape checks, Groth16 with snarkjs, the attestation, model, minimum,
 * web2Id, bound origin and the nullifier store — with the keys passed in (a server fetches them once).
 * Target on 2 cores: median ≤ 50 ms. Reports; exits 1 on a miss only with --strict.
 *
 * Usage: npm run bench:verify [-- --runs 40 --strict]
 */
import { availableParallelism, loadavg } from 'node:os';
import { MemoryNullifierStore, verifyScoreProof, type ServiceKeys } from '../../sdk/src/server.ts';
import { readVectors, SITE } from '../sdk/vectors.ts';
import { argValue, report, timed } from './timing.ts';

const TARGET_MS = 50;

const vectors = readVectors();
const keys: ServiceKeys = { verificationKey: vectors.verificationKey, attestationKey: vectors.attestationKey };
const vector = (name: string) => vectors.cases.find((c) => c.name === name)!;
const unbound = vector('a valid proof, as asked');
const bound = vector('a valid proof bound to the asking site');
const runs = argValue('--runs', 40);
const nullifiers = new MemoryNullifierStore();

console.log(`verifyScoreProof bench on ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}`);
const [first, coldMs] = await timed(() => verifyScoreProof(unbound.result, { ...unbound.ask, keys, nullifiers }));
if (!first.ok) throw new Error(`The valid vector was refused: ${first.reason}`);
// The first verification loads snarkjs and builds the curve in this process.
console.log(`cold     ${coldMs.toFixed(1)} ms  (first verification: loads snarkjs, builds the curve)`);

const samples: number[] = [];
for (let i = 0; i < runs; i++) {
  const { result, ask } = i % 2 ? bound : unbound;
  const [verdict, ms] = await timed(() => verifyScoreProof(result, { ...ask, origin: SITE, keys, nullifiers }));
  if (!verdict.ok) throw new Error(`A valid vector was refused: ${verdict.reason}`);
  samples.push(ms);
}
const ok = report('verify', samples, TARGET_MS);
if (process.argv.includes('--strict') && !ok) process.exitCode = 1;
