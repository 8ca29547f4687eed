/**
 * Writes @vantage/sdk's fixture proofs (sdk/src/fixtures/score-proof.json), which its testing entry's
 * mockVantage hands over: real Groth16 proofs by this sandbox's prover and committed artifacts, attested
 * by the sandbox's development attestation key, for the demo API key's app scope — so the SDK's server
 * verifier accepts them against the sandbox's keys (`/zk/verification_key.json`, `/zk/attestation_key.json`).
 *
 *   npx tsx test/sandbox/zk/sdk-fixture.ts
 *
 * Proofs are randomised: running it again gives different (equally valid) bytes.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { boundWeb2Id, scoreProofResult } from '@/lib/proof/contract.ts';
import { DEFAULT_API_KEY } from '../auth.ts';
import { createAttester } from './attestation.ts';
import { createWorkerProver } from './prover.ts';
import { prepareStatement } from './statement.ts';

const OUT = fileURLToPath(new URL('../../../sdk/src/fixtures/score-proof.json', import.meta.url));
/** A made-up wallet: the fixture reveals nothing of a real one. */
const WALLET = '0x00000000000000000000000000000000005d4c0b';
const SCORE = 747;
const REQUEST = { scoreId: 'credit-v1', condition: 600, web2Id: 'alice@example.com' } as const;
const BOUND_ORIGIN = 'https://dapp.example';

const attester = await createAttester();
const prover = createWorkerProver();
const appScope = createHash('sha256').update(DEFAULT_API_KEY).digest('hex');

async function make(sessionId: string, web2Id: string, boundOrigin?: string) {
  const statement = await prepareStatement(attester, { ...REQUEST, web2Id, wallet: WALLET, score: SCORE, appScope });
  const proof = await prover.prove(statement.input);
  // The service's own text, as the extension carries it: { proof, publicSignals }.
  const proofText = JSON.stringify({ proof: proof.proof, publicSignals: proof.publicSignals });
  return scoreProofResult({ sessionId, proofText, web2Id, ...(boundOrigin ? { boundOrigin } : {}) });
}

try {
  const fixture = {
    howMade: 'npx tsx test/sandbox/zk/sdk-fixture.ts: real Groth16 proofs by the sandbox prover (test/sandbox/zk artifacts), '
      + 'attested by the sandbox development attestation key, nullifier scoped to the sandbox demo API key; wallet made up, score 747',
    request: REQUEST,
    result: await make('sdk-fixture-session', REQUEST.web2Id),
    bound: {
      request: { ...REQUEST, bindOrigin: true },
      origin: BOUND_ORIGIN,
      result: await make('sdk-fixture-session-bound', boundWeb2Id(BOUND_ORIGIN, REQUEST.web2Id), BOUND_ORIGIN),
    },
  };
  await writeFile(OUT, `${JSON.stringify(fixture, null, 2)}\n`);
  console.log(`wrote ${OUT}`);
} finally {
  await prover.close();
}
