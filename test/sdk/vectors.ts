/**
 * The SDK's test vectors (sdk/fixtures/score-proof-vectors.json): real proofs from the sandbox's prover
 * under its committed trusted setup and its dev attestation key, each with what a verifier is asked and
 * the verdict it must reach. docs/verifying.md publishes them for verifiers in other languages;
 * test/unit/sdk/server-verify.test.ts holds the SDK to them; `npm run sdk:vectors` regenerates them
 * (only needed after `npm run zk:setup`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { boundWeb2Id, scoreProofResult, type ScoreProofResult } from '@/lib/proof/contract.ts';
import type { VerifyFailureReason, VerifyScoreProofOptions } from '../../sdk/src/server.ts';
import { createAttester, DEV_ATTESTATION_SECRET } from '../sandbox/zk/attestation.ts';
import { createWorkerProver } from '../sandbox/zk/prover.ts';
import { prepareStatement, type ScoreClaim } from '../sandbox/zk/statement.ts';
import { loadVerificationKey } from '../sandbox/zk/verifier.ts';

export const VECTORS_PATH = fileURLToPath(new URL('../../sdk/fixtures/score-proof-vectors.json', import.meta.url));

/** What a case asks the verifier: VerifyScoreProofOptions without the keys and the store, which the file holds once. */
export type VectorAsk = Pick<VerifyScoreProofOptions, 'scoreId' | 'condition' | 'web2Id' | 'bindOrigin' | 'origin' | 'repeat'>;

export interface VectorCase {
  readonly name: string;
  readonly result: unknown;
  readonly ask: VectorAsk;
  /** `true`, or the reason it is refused. */
  readonly expected: true | VerifyFailureReason;
}

export interface Vectors {
  readonly about: string;
  readonly verificationKey: Record<string, unknown>;
  readonly attestationKey: { readonly Ax: string; readonly Ay: string };
  /** Run in order against one nullifier store (the replay cases depend on the ones before). */
  readonly cases: readonly VectorCase[];
}

export function readVectors(): Vectors {
  return JSON.parse(readFileSync(VECTORS_PATH, 'utf8')) as Vectors;
}

export const SITE = 'https://lending.example';
const WALLET = '0x8d65a2b0a1a0c6a1e3b6a1d0f1e2c3b4a5968778';
const OTHER_WALLET = '0x1111111111111111111111111111111111111111';

/** Real proofs for the cases: the service's, one bound to SITE, and one attested by another key. */
export async function makeVectors(): Promise<Vectors> {
  const [service, impostor] = await Promise.all([createAttester(DEV_ATTESTATION_SECRET), createAttester('not the service')]);
  const prover = createWorkerProver();
  const claim = (over: Partial<ScoreClaim>): ScoreClaim => ({
    wallet: WALLET, score: 712, condition: 600, scoreId: 'credit-v1', web2Id: 'alice@lending.example', appScope: 'lending-app', ...over,
  });
  const prove = async (attester: typeof service, c: ScoreClaim, boundOrigin?: string): Promise<ScoreProofResult> => {
    const proof = await prover.prove((await prepareStatement(attester, c)).input);
    return scoreProofResult({ sessionId: `vector-${c.web2Id}`, proofText: JSON.stringify(proof), web2Id: c.web2Id, ...(boundOrigin ? { boundOrigin } : {}) });
  };
  try {
    const alice = await prove(service, claim({}));
    const bound = await prove(service, claim({ web2Id: boundWeb2Id(SITE, 'alice@lending.example') }), SITE);
    const elsewhere = await prove(service, claim({ web2Id: boundWeb2Id('https://phish.example', 'alice@lending.example') }), 'https://phish.example');
    const forged = await prove(impostor, claim({}));
    const mallory = await prove(service, claim({ web2Id: 'mallory@lending.example' }));
    const secondWallet = await prove(service, claim({ wallet: OTHER_WALLET, score: 640 }));
    const ask: VectorAsk = { scoreId: 'credit-v1', condition: 600, web2Id: 'alice@lending.example' };
    const boundAsk: VectorAsk = { ...ask, bindOrigin: true, origin: SITE };
    const tampered = JSON.parse(JSON.stringify(alice)) as { score: number; publicSignals: string[]; proof: { publicSignals: string[] } };
    tampered.proof.publicSignals[0] = tampered.publicSignals[0] = '850';
    tampered.score = 850;
    const cases: VectorCase[] = [
      { name: 'a valid proof, as asked', result: alice, ask, expected: true },
      { name: 'a valid proof bound to the asking site', result: bound, ask: boundAsk, expected: true },
      { name: 'the score signal changed (850)', result: tampered, ask, expected: 'invalid-proof' },
      { name: 'attested by a key other than the service’s', result: forged, ask, expected: 'not-attested' },
      { name: 'asked for another model', result: alice, ask: { ...ask, scoreId: 'activity' }, expected: 'wrong-model' },
      { name: 'the score is below the minimum asked', result: alice, ask: { ...ask, condition: 800 }, expected: 'below-minimum' },
      { name: 'proved against another minimum', result: alice, ask: { ...ask, condition: 650 }, expected: 'wrong-condition' },
      { name: 'commits another user', result: alice, ask: { ...ask, web2Id: 'mallory@lending.example' }, expected: 'wrong-web2id' },
      { name: 'bound to another site', result: elsewhere, ask: boundAsk, expected: 'wrong-origin' },
      { name: 'an unbound proof where a bound one was asked', result: alice, ask: boundAsk, expected: 'wrong-origin' },
      { name: 'the same wallet again, for the same user', result: alice, ask, expected: true },
      { name: 'the same wallet, for another user (one wallet, one user)', result: mallory, ask: { ...ask, web2Id: 'mallory@lending.example' }, expected: 'nullifier-other-user' },
      { name: 'a second wallet of the same user', result: secondWallet, ask, expected: true },
      { name: 'the same wallet again where each wallet proves once', result: alice, ask: { ...ask, repeat: 'never' }, expected: 'nullifier-used' },
      { name: 'not a proof', result: { proof: { publicSignals: ['1', '2'] } }, ask, expected: 'malformed' },
    ];
    return {
      about: 'Vantage score-proof test vectors (docs/verifying.md). Run the cases in order against one empty nullifier store: '
        + 'the later cases replay wallets the earlier ones recorded.',
      verificationKey: loadVerificationKey() as unknown as Record<string, unknown>,
      attestationKey: { Ax: service.publicKey[0].toString(), Ay: service.publicKey[1].toString() },
      cases,
    };
  } finally {
    await prover.close();
  }
}
