import * as snarkjs from 'snarkjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttester, type Attester } from './attestation.ts';
import { loadPoseidon } from './babyjub.ts';
import { addressToField, hashToField, SNARK_FIELD } from './field.ts';
import { createWorkerProver, type ScoreProof } from './prover.ts';
import { PUBLIC_SIGNALS, readPublicSignals } from './signals.ts';
import { prepareStatement, type ScoreClaim } from './statement.ts';
import { loadVerificationKey, verifyScoreProof, type VerifierTrust } from './verifier.ts';

const PROVING = 60_000; // a generous ceiling for a real proof on a loaded CI machine, not a timing goal

const claim: ScoreClaim = {
  wallet: '0x8d65a2b0a1a0c6a1e3b6a1d0f1e2c3b4a5968778', score: 712, condition: 650,
  scoreId: 'credit-v1', web2Id: 'alice@example', appScope: 'app-one',
};

let service: Attester;
let impostor: Attester;
let trust: VerifierTrust;
const prover = createWorkerProver();
let proof: ScoreProof;
let impostorProof: ScoreProof;

beforeAll(async () => {
  [service, impostor] = await Promise.all([createAttester('service secret'), createAttester('another secret')]);
  trust = { verificationKey: loadVerificationKey(), attestationKey: service.publicKey };
  const [mine, theirs] = await Promise.all([prepareStatement(service, claim), prepareStatement(impostor, claim)]);
  proof = await prover.prove(mine.input);
  impostorProof = await prover.prove(theirs.input);
}, PROVING);

afterAll(() => prover.close());

const clone = (p: ScoreProof) => JSON.parse(JSON.stringify(p)) as { proof: Record<string, unknown>; publicSignals: string[] };

describe('a real score proof', () => {
  it('verifies, with the score first and every public signal as laid out', async () => {
    expect(await verifyScoreProof(proof, trust)).toBe(true);
    const signals = readPublicSignals(proof.publicSignals);
    expect(signals).toMatchObject({
      score: 712n, condition: 650n,
      scoreIdHash: hashToField('credit-v1'), web2IdHash: hashToField('alice@example'),
      attesterAx: service.publicKey[0], attesterAy: service.publicKey[1],
    });
    expect(proof.proof).toMatchObject({ protocol: 'groth16', curve: 'bn128' });
  });

  it('verifies offline with snarkjs and the committed verification key alone', async () => {
    expect(await snarkjs.groth16.verify(loadVerificationKey(), proof.publicSignals, proof.proof)).toBe(true);
  });

  it('survives the JSON round trip the API puts it through', async () => {
    expect(await verifyScoreProof(JSON.parse(JSON.stringify(proof)), trust)).toBe(true);
  });

  it.each(PUBLIC_SIGNALS.map((name, i) => [name, i] as const))('fails with public signal %s changed', async (_name, i) => {
    const altered = clone(proof);
    altered.publicSignals[i] = (BigInt(altered.publicSignals[i]!) + 1n).toString();
    expect(await verifyScoreProof(altered, trust)).toBe(false);
    // Without the attestation-key rule the pairing check alone refuses it too.
    expect(await snarkjs.groth16.verify(loadVerificationKey(), altered.publicSignals, altered.proof)).toBe(false);
  });

  it('fails with the score written as an alias (s + r, hex, leading zero)', async () => {
    const score = proof.publicSignals[0]!;
    for (const alias of [(BigInt(score) + SNARK_FIELD).toString(), `0x${BigInt(score).toString(16)}`, `0${score}`]) {
      const altered = clone(proof);
      altered.publicSignals[0] = alias;
      expect(await verifyScoreProof(altered, trust)).toBe(false);
    }
  });

  it('fails with a proof point altered', async () => {
    const altered = clone(proof);
    const piA = altered.proof.pi_a as string[];
    piA[0] = (BigInt(piA[0]!) + 1n).toString();
    expect(await verifyScoreProof(altered, trust)).toBe(false);
    const swapped = clone(proof);
    swapped.proof.pi_a = clone(proof).proof.pi_c;
    expect(await verifyScoreProof(swapped, trust)).toBe(false);
  });

  it('fails when attested by any key but the service’s, though the Groth16 proof itself holds', async () => {
    expect(await snarkjs.groth16.verify(loadVerificationKey(), impostorProof.publicSignals, impostorProof.proof)).toBe(true);
    expect(await verifyScoreProof(impostorProof, trust)).toBe(false);
    expect(await verifyScoreProof(impostorProof, { ...trust, attestationKey: impostor.publicKey })).toBe(true);
  });

  it('cannot be made to carry another key: swapping in the service key breaks it', async () => {
    const altered = clone(impostorProof);
    altered.publicSignals[4] = service.publicKey[0].toString();
    altered.publicSignals[5] = service.publicKey[1].toString();
    expect(await verifyScoreProof(altered, trust)).toBe(false);
  });

  it('answers false, never throws, for anything malformed', async () => {
    const malformed: unknown[] = [
      null, undefined, 42, 'proof', [], {}, { proof: {} }, { publicSignals: proof.publicSignals },
      { proof: proof.proof, publicSignals: proof.publicSignals.slice(0, 6) },
      { proof: proof.proof, publicSignals: [...proof.publicSignals, '1'] },
      { proof: proof.proof, publicSignals: proof.publicSignals.map(Number) },
      { proof: { ...proof.proof, protocol: 'plonk' }, publicSignals: proof.publicSignals },
      { proof: { ...proof.proof, pi_b: [['1', '2']] }, publicSignals: proof.publicSignals },
      { proof: { ...proof.proof, pi_a: ['1', '2', '1'] }, publicSignals: proof.publicSignals },
      { proof: { ...proof.proof, pi_c: ['x', 'y', 'z'] }, publicSignals: proof.publicSignals },
      JSON.stringify(proof),
    ];
    for (const candidate of malformed) expect(await verifyScoreProof(candidate, trust)).toBe(false);
  });
});

describe('the circuit refuses witnesses it must not prove', () => {
  it('a score below the condition, even with a valid attestation', async () => {
    await expect(prepareStatement(service, { ...claim, condition: 713 })).rejects.toThrow(/below the condition/);
    const statement = await prepareStatement(service, claim);
    await expect(prover.prove({ ...statement.input, condition: '713' })).rejects.toThrow(/Proving failed/);
  }, PROVING);

  it('a score the service did not attest', async () => {
    const statement = await prepareStatement(service, { ...claim, score: 650 });
    await expect(prover.prove({ ...statement.input, score: '850' })).rejects.toThrow(/Proving failed/);
  }, PROVING);

  it('another wallet than the attested one, or another nullifier', async () => {
    const statement = await prepareStatement(service, claim);
    await expect(prover.prove({ ...statement.input, wallet: '12345' })).rejects.toThrow(/Proving failed/);
    await expect(prover.prove({ ...statement.input, nullifier: '1' })).rejects.toThrow(/Proving failed/);
  }, PROVING);

  it('a score or condition of 2^32 or more (range-checked)', async () => {
    await expect(prepareStatement(service, { ...claim, score: 2 ** 32, condition: 1 })).rejects.toThrow(RangeError);
    const statement = await prepareStatement(service, claim);
    const huge = (SNARK_FIELD - 1n).toString(); // "-1": would pass a comparator without range checks
    await expect(prover.prove({ ...statement.input, condition: huge })).rejects.toThrow(/Proving failed/);
  }, PROVING);
});

describe('the nullifier', () => {
  const nullifierOf = async (c: ScoreClaim) => (await prepareStatement(service, c)).publicSignals[6];

  it('is stable for a wallet within one app, whichever web2Id it claims', async () => {
    expect(await nullifierOf({ ...claim, web2Id: 'bob' })).toBe(await nullifierOf(claim));
    expect(await nullifierOf({ ...claim, scoreId: 'credit-lite', score: 500, condition: 0 })).toBe(await nullifierOf(claim));
  });

  it('differs between wallets and between apps', async () => {
    const base = await nullifierOf(claim);
    expect(await nullifierOf({ ...claim, wallet: '0x0000000000000000000000000000000000000001' })).not.toBe(base);
    expect(await nullifierOf({ ...claim, appScope: 'app-two' })).not.toBe(base);
  });

  it('cannot be recomputed from the wallet address without the service secret', async () => {
    const poseidon = await loadPoseidon();
    const wallet = addressToField(claim.wallet);
    const guesses = [poseidon([wallet]), poseidon([wallet, hashToField(claim.web2Id)]), poseidon([wallet, 0n])];
    expect(guesses.map(String)).not.toContain(await nullifierOf(claim));
  });
});
