import * as snarkjs from 'snarkjs';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditV1 } from '../scores/credit-v1.ts';
import { AS_OF, farmer, newcomer, seasonedBorrower } from '../scores/test-profiles.ts';
import { addressToField, hashToField } from '../zk/field.ts';
import { createWorkerProver } from '../zk/prover.ts';
import { PUBLIC_SIGNALS, readPublicSignals } from '../zk/signals.ts';
import { challengeMessage } from './challenge.ts';
import { createSession, ownWallet, startHarness, strongWallet, weakWallet, type Harness } from './test-harness.ts';

const PROVING = 60_000; // a ceiling for real proofs on a loaded machine, not a timing goal

let h: Harness;
let other: Harness; // a second service with another attestation secret
const prover = createWorkerProver(); // one prover process serves both

beforeAll(async () => {
  [h, other] = await Promise.all([
    startHarness({ prover }),
    startHarness({ prover, attestationSecret: 'a different service' }),
  ]);
});
afterAll(async () => {
  await Promise.all([h.close(), other.close()]);
  await prover.close();
});

type PageState = { phase: string; score: number | null; message: string };

async function pageState(harness: Harness, id: string): Promise<PageState> {
  return (await (await fetch(`${harness.origin}/proof/${id}/state`)).json()) as PageState;
}

async function submit(harness: Harness, id: string, body: { address: string; signature: string }) {
  return fetch(`${harness.origin}/proof/${id}/signature`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
}

/** Signs the session's message with a wallet key, as a browser wallet's personal_sign would. */
async function signAndSubmit(harness: Harness, id: string, privateKey: `0x${string}`) {
  const account = privateKeyToAccount(privateKey);
  const { message } = await pageState(harness, id);
  return submit(harness, id, { address: account.address, signature: await account.signMessage({ message }) });
}

async function proofData(harness: Harness, id: string): Promise<{ status: string; proof?: string }> {
  return (await (await harness.call(`/platform/services/getProofData?sessionId=${id}`)).json()) as { status: string; proof?: string };
}

async function verify(harness: Harness, proof: unknown): Promise<boolean> {
  const res = await harness.call('/bank/user/verify', { body: { proof } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { valid: boolean }).valid;
}

/** Runs a whole session to FINISHED and returns the parsed proof. */
async function finishedProof(harness: Harness, web2Id: string, condition: number, privateKey: `0x${string}`) {
  const id = await createSession(harness, { web2Id, condition, scoreId: 'credit-v1' });
  expect((await signAndSubmit(harness, id, privateKey)).status).toBe(200);
  await harness.service.idle();
  const data = await proofData(harness, id);
  expect(data.status).toBe('FINISHED');
  return { id, text: data.proof!, parsed: JSON.parse(data.proof!) as { proof: Record<string, unknown>; publicSignals: string[] } };
}

describe('a proof session that meets its condition', () => {
  let result: Awaited<ReturnType<typeof finishedProof>>;
  beforeAll(async () => {
    result = await finishedProof(h, 'alice@bank', 700, strongWallet.privateKey);
  }, PROVING);

  it('ends FINISHED with the proof as a JSON string of { proof, publicSignals }', () => {
    expect(Object.keys(result.parsed).sort()).toEqual(['proof', 'publicSignals']);
    expect(result.parsed.proof).toMatchObject({ protocol: 'groth16', curve: 'bn128' });
    expect(Object.keys(result.parsed.proof).sort()).toEqual(['curve', 'pi_a', 'pi_b', 'pi_c', 'protocol']);
    expect(result.parsed.publicSignals).toHaveLength(PUBLIC_SIGNALS.length);
  });

  it('carries the wallet’s score first, then what the app asked, and never the wallet', () => {
    const s = readPublicSignals(result.parsed.publicSignals);
    expect(s.score).toBe(BigInt(creditV1.score(seasonedBorrower, AS_OF).score));
    expect(s.condition).toBe(700n);
    expect(s.scoreIdHash).toBe(hashToField('credit-v1'));
    expect(s.web2IdHash).toBe(hashToField('alice@bank'));
    const wallet = strongWallet.address.toLowerCase();
    expect(result.text.toLowerCase()).not.toContain(wallet.slice(2));
    expect(result.text).not.toContain(addressToField(wallet).toString());
  });

  it('verifies through the API', async () => {
    expect(await verify(h, result.parsed)).toBe(true);
  });

  it('verifies offline with snarkjs and the published verification key', async () => {
    const vkey = await (await fetch(`${h.origin}/zk/verification_key.json`)).json();
    const key = (await (await fetch(`${h.origin}/zk/attestation_key.json`)).json()) as { Ax: string; Ay: string };
    expect(await snarkjs.groth16.verify(vkey, result.parsed.publicSignals, result.parsed.proof)).toBe(true);
    expect(result.parsed.publicSignals.slice(4, 6)).toEqual([key.Ax, key.Ay]);
  });

  it.each(PUBLIC_SIGNALS.map((name, i) => [name, i] as const))('fails verification with %s changed', async (_name, i) => {
    const altered = structuredClone(result.parsed);
    altered.publicSignals[i] = (BigInt(altered.publicSignals[i]!) + 1n).toString();
    expect(await verify(h, altered)).toBe(false);
  });

  it('fails verification with a proof point changed', async () => {
    const altered = structuredClone(result.parsed);
    (altered.proof.pi_c as string[])[1] = '1';
    expect(await verify(h, altered)).toBe(false);
  });

  it('accepts no second signature once finished', async () => {
    expect((await signAndSubmit(h, result.id, strongWallet.privateKey)).status).toBe(409);
  });

  it('gives the same wallet the same nullifier under another web2Id of the same app', async () => {
    const again = await finishedProof(h, 'mallory@bank', 700, strongWallet.privateKey);
    expect(again.parsed.publicSignals[6]).toBe(result.parsed.publicSignals[6]);
    expect(again.parsed.publicSignals[3]).not.toBe(result.parsed.publicSignals[3]);
  }, PROVING);
});

describe('a proof attested by another service', () => {
  it('is a valid Groth16 proof there, and invalid here', async () => {
    const foreign = await finishedProof(other, 'alice@bank', 700, strongWallet.privateKey);
    expect(await verify(other, foreign.parsed)).toBe(true);
    expect(await verify(h, foreign.parsed)).toBe(false);
  }, PROVING * 2);
});

describe('a score below the condition', () => {
  it('gets no proof, and the status never turns FINISHED', async () => {
    const id = await createSession(h, { web2Id: 'newbie', condition: 700, scoreId: 'credit-v1' });
    const res = await signAndSubmit(h, id, weakWallet.privateKey);
    expect(res.status).toBe(200);
    const state = (await res.json()) as PageState;
    expect(state).toMatchObject({ phase: 'below-condition', score: creditV1.score(newcomer, AS_OF).score });
    await h.service.idle();
    expect(await proofData(h, id)).toEqual({ status: 'PROCESSING' });
    expect((await pageState(h, id)).phase).toBe('below-condition');
  });

  it('lets the user try another wallet, which can then succeed', async () => {
    const id = await createSession(h, { web2Id: 'switcher', condition: 600, scoreId: 'credit-v1' });
    expect(((await (await signAndSubmit(h, id, weakWallet.privateKey)).json()) as PageState).phase).toBe('below-condition');
    expect(((await (await signAndSubmit(h, id, ownWallet.privateKey)).json()) as PageState).phase).toBe('proving');
    await h.service.idle();
    const data = await proofData(h, id);
    expect(data.status).toBe('FINISHED');
    expect(JSON.parse(data.proof!).publicSignals[0]).toBe(String(creditV1.score(farmer, AS_OF).score));
  }, PROVING);
});

describe('signatures', () => {
  it('refuses a signature made by a different wallet than the one claimed', async () => {
    const id = await createSession(h, { web2Id: 'eve', condition: 300, scoreId: 'credit-v1' });
    const { message } = await pageState(h, id);
    const signature = await privateKeyToAccount(weakWallet.privateKey).signMessage({ message });
    const res = await submit(h, id, { address: strongWallet.address, signature });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toMatch(/not made by this wallet/);
    expect((await pageState(h, id)).phase).toBe('awaiting-wallet');
  });

  it('refuses a signature made for another session', async () => {
    const [first, second] = await Promise.all([
      createSession(h, { web2Id: 'eve', condition: 300, scoreId: 'credit-v1' }),
      createSession(h, { web2Id: 'eve', condition: 300, scoreId: 'credit-v1' }),
    ]);
    const account = privateKeyToAccount(strongWallet.privateKey);
    const signature = await account.signMessage({ message: (await pageState(h, first)).message });
    expect((await submit(h, second, { address: account.address, signature })).status).toBe(401);
  });

  it('refuses malformed submissions with 400', async () => {
    const id = await createSession(h, { web2Id: 'eve', condition: 300, scoreId: 'credit-v1' });
    for (const body of [{}, { address: strongWallet.address }, { address: 42, signature: '0x' }]) {
      const res = await fetch(`${h.origin}/proof/${id}/signature`, { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
    }
    const garbage = await submit(h, id, { address: strongWallet.address, signature: '0x1234' });
    expect(garbage.status).toBe(401);
  });

  it('names the session in the signed message', async () => {
    const id = await createSession(h, { web2Id: 'frank', condition: 300, scoreId: 'activity' });
    const { message } = await pageState(h, id);
    expect(message).toContain(id);
    expect(message).toContain('frank');
    expect(message).toBe(challengeMessage({ id, request: { web2Id: 'frank', condition: 300, scoreId: 'activity', appScope: '' },
      createdAt: 0, expiresAt: 0, phase: { kind: 'awaiting-wallet' } }, 'On-chain Activity'));
  });
});

describe('the demo-wallet signer', () => {
  it('signs the session’s own message for a demo wallet, and the signature passes the same check', async () => {
    // A condition the demo wallet cannot meet: the check is what matters here, not a proof.
    const id = await createSession(h, { web2Id: 'grace', condition: 850, scoreId: 'credit-v1' });
    const { message } = await pageState(h, id);
    const res = await fetch(`${h.origin}/proof/${id}/demo-signature`, {
      method: 'POST', body: JSON.stringify({ address: weakWallet.address, message }),
    });
    expect(res.status).toBe(200);
    const { signature } = (await res.json()) as { signature: string };
    expect(await privateKeyToAccount(weakWallet.privateKey).signMessage({ message })).toBe(signature);
    const accepted = await submit(h, id, { address: weakWallet.address, signature });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as PageState).phase).toBe('below-condition');
  });

  it('signs nothing else, and for no other wallet', async () => {
    const id = await createSession(h, { web2Id: 'heidi', condition: 300, scoreId: 'credit-v1' });
    const { message } = await pageState(h, id);
    const post = (body: object) => fetch(`${h.origin}/proof/${id}/demo-signature`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post({ address: weakWallet.address, message: `${message} ` })).status).toBe(400);
    expect((await post({ address: ownWallet.address, message })).status).toBe(404);
  });
});
