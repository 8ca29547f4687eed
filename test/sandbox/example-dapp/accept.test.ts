import { describe, expect, it } from 'vitest';
import { createAcceptor, type Asked, type Candidate } from './accept.ts';
import { hashToField } from './checks.ts';

const SITE = 'https://dapp.example';
const KEY = { Ax: '111', Ay: '222' };

async function candidate(asked: Asked, committed: string, nullifier = '999', score = '712'): Promise<Candidate> {
  const signals = [score, String(asked.condition), await hashToField(asked.scoreId), await hashToField(committed), KEY.Ax, KEY.Ay, nullifier];
  return { proof: { proof: {}, publicSignals: signals }, asked, committedWeb2Id: committed };
}

function acceptor(valid = true) {
  return createAcceptor({
    serviceVerify: async () => valid,
    verificationKey: async () => ({}),
    attestationKey: async () => KEY,
    groth16Verify: async () => valid,
  });
}

const ok = (v: { checks: readonly { id: string; ok: boolean }[] }) => Object.fromEntries(v.checks.map((c) => [c.id, c.ok]));

describe('the example dApp server’s acceptance', () => {
  const bound: Asked = { scoreId: 'credit-v1', condition: 600, web2Id: 'alice', bindOrigin: true };

  it('accepts a proof bound to this site, with every check shown', async () => {
    const v = await acceptor()(await candidate(bound, `${SITE}#alice`), SITE);
    expect(v.accepted).toBe(true);
    expect(ok(v)).toEqual({ service: true, offline: true, attested: true, score: true, model: true, web2Id: true, origin: true, nullifier: true });
  });

  it('refuses a proof bound to another site (a replay): web2Id and origin fail', async () => {
    const v = await acceptor()(await candidate(bound, 'https://other.example#alice'), SITE);
    expect(v.accepted).toBe(false);
    expect(ok(v)).toMatchObject({ service: true, offline: true, web2Id: false, origin: false });
    expect(v.checks.find((c) => c.id === 'origin')?.note).toContain('https://other.example');
  });

  it('refuses an invalid proof, a different model or condition, and a wallet already used by another user', async () => {
    expect(ok(await acceptor(false)(await candidate(bound, `${SITE}#alice`), SITE))).toMatchObject({ service: false, offline: false });
    const accept = acceptor();
    expect((await accept(await candidate(bound, `${SITE}#alice`), SITE)).accepted).toBe(true);
    // Same wallet, same user again: fine. Same wallet as another user: refused.
    expect((await accept(await candidate(bound, `${SITE}#alice`), SITE)).accepted).toBe(true);
    const mallory = await accept(await candidate({ ...bound, web2Id: 'mallory' }, `${SITE}#mallory`), SITE);
    expect(ok(mallory)).toMatchObject({ web2Id: true, nullifier: false });
    const lower = await candidate({ ...bound, condition: 800 }, `${SITE}#alice`, '1', '712');
    expect(ok(await accept(lower, SITE))).toMatchObject({ score: false });
    const other = await candidate(bound, `${SITE}#alice`, '2');
    expect(ok(await accept({ ...other, asked: { ...bound, scoreId: 'activity' } }, SITE))).toMatchObject({ model: false });
  });

  it('an unbound request expects the user id as it is, and has no origin check', async () => {
    const v = await acceptor()(await candidate({ ...bound, bindOrigin: false }, 'alice'), SITE);
    expect(v.accepted).toBe(true);
    expect(ok(v)).not.toHaveProperty('origin');
  });
});
