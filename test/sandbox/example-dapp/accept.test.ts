/**
 * The example dApp server's acceptance (accept.ts, on @vantage/sdk/server) with the SDK's test vectors:
 * real proofs from the sandbox's prover, the page's lines for each check.
 */
import { readFileSync } from 'node:fs';
import type { ServiceKeys } from '@vantage/sdk/server';
import { describe, expect, it } from 'vitest';
import { createAcceptor, type Candidate } from './accept.ts';

/** The SDK's published test vectors (docs/verifying.md): read as a dApp would, a file of public data. */
const vectors = JSON.parse(readFileSync(new URL('../../../sdk/fixtures/score-proof-vectors.json', import.meta.url), 'utf8')) as ServiceKeys & {
  cases: { name: string; result: unknown }[];
};
/** The site the vectors' bound proof names. */
const SITE = 'https://lending.example';
const keys = { verificationKey: vectors.verificationKey, attestationKey: vectors.attestationKey };
interface VectorResult { proof: Candidate['proof']; web2Id: string }
const result = (name: string) => vectors.cases.find((c) => c.name === name)!.result as VectorResult;
const alice = result('a valid proof, as asked');
const bound = result('a valid proof bound to the asking site');
const asked = { scoreId: 'credit-v1', condition: 600, web2Id: 'alice@lending.example', bindOrigin: true };
const candidate = (r: VectorResult, over: Partial<Candidate['asked']> = {}): Candidate => ({ proof: r.proof, asked: { ...asked, ...over }, committedWeb2Id: r.web2Id });

const acceptor = (serviceSays = true) => createAcceptor({ serviceVerify: async () => serviceSays, trust: { keys } });
const ok = (v: { checks: readonly { id: string; ok: boolean }[] }) => Object.fromEntries(v.checks.map((c) => [c.id, c.ok]));

describe('the example dApp server’s acceptance', { timeout: 60_000 }, () => {
  it('accepts a proof bound to this site, with every check shown', async () => {
    const v = await acceptor()(candidate(bound), SITE);
    expect(v.accepted).toBe(true);
    expect(ok(v)).toEqual({ service: true, offline: true, attested: true, score: true, model: true, web2Id: true, origin: true, nullifier: true });
  });

  it('refuses a proof bound to another site (a replay): web2Id and origin fail, and the line says which site it names', async () => {
    const v = await acceptor()(candidate(result('bound to another site')), SITE);
    expect(v.accepted).toBe(false);
    expect(ok(v)).toMatchObject({ service: true, offline: true, attested: true, score: true, model: true, web2Id: false, origin: false });
    expect(v.checks.find((c) => c.id === 'origin')?.note).toBe(`wrong-origin: bound to https://phish.example, not ${SITE}`);
  });

  it('refuses what the service refuses, another model or minimum, and a wallet already used by another user', async () => {
    const refused = await acceptor(false)(candidate(bound), SITE);
    expect(refused.accepted).toBe(false);
    expect(ok(refused)).toMatchObject({ service: false, offline: true });
    const accept = acceptor();
    expect((await accept(candidate(bound), SITE)).accepted).toBe(true);
    // Same wallet, same user again: fine. Same wallet as another user: refused.
    expect((await accept(candidate(alice, { bindOrigin: false }), SITE)).accepted).toBe(true);
    const mallory = await accept(candidate(result('the same wallet, for another user (one wallet, one user)'), { web2Id: 'mallory@lending.example', bindOrigin: false }), SITE);
    expect(ok(mallory)).toMatchObject({ web2Id: true, nullifier: false });
    expect(ok(await accept(candidate(bound, { condition: 800 }), SITE))).toMatchObject({ score: false });
    expect(ok(await accept(candidate(bound, { scoreId: 'activity' }), SITE))).toMatchObject({ model: false });
  });

  it('an unbound request expects the user id as it is, and has no origin check', async () => {
    const v = await acceptor()(candidate(alice, { bindOrigin: false }), SITE);
    expect(v.accepted).toBe(true);
    expect(ok(v)).not.toHaveProperty('origin');
  });

  it('a proof that is not one gets a line saying why', async () => {
    const v = await acceptor()({ ...candidate(alice), proof: { proof: {}, publicSignals: ['1'] } }, SITE);
    expect(v).toMatchObject({ accepted: false, checks: [{ id: 'service', ok: true }, { id: 'offline', ok: false }] });
    expect(v.checks[1]!.note).toMatch(/^malformed: /);
  });
});
