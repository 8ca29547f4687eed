import { randomBytes } from 'node:crypto';
import { createAttester } from './attestation.ts';
import { createWorkerProver } from './prover.ts';
import { prepareStatement } from './statement.ts';
import { loadVerificationKey, verifyScoreProof } from './verifier.ts';

/** Proves and verifies one sample claim with the artifacts on disk; throws if they do not work together. */
export async function selfCheck(): Promise<void> {
  const attester = await createAttester(randomBytes(16).toString('hex'));
  const claim = {
    wallet: `0x${randomBytes(20).toString('hex')}`, score: 712, condition: 650,
    scoreId: 'self-check', web2Id: 'self-check-user', appScope: 'self-check',
  };
  const statement = await prepareStatement(attester, claim);
  const prover = createWorkerProver();
  try {
    const proof = await prover.prove(statement.input);
    const trust = { verificationKey: loadVerificationKey(), attestationKey: attester.publicKey };
    if (!(await verifyScoreProof(proof, trust))) throw new Error('The sample proof does not verify.');
    if (proof.publicSignals.join() !== statement.publicSignals.join()) {
      throw new Error('The circuit orders its public signals differently from signals.ts.');
    }
  } finally {
    await prover.close();
  }
}
