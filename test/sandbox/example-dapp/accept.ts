import * as snarkjs from 'snarkjs';
import { isRecord } from '@/lib/api/body.ts';
import { boundWeb2Id } from '@/lib/proof/contract.ts';
import { hashToField, type AttestationKey } from './checks.ts';

/**
 * The example dApp's server-side acceptance of a score proof: every check of
 * docs/page-api.md, "Verifying a proof on your server", each with its own
 * result so the page can show them.
 */

/** What the site asked for. A real server keeps this in its own session; the demo page sends it back. */
export interface Asked {
  readonly scoreId: string;
  readonly condition: number;
  readonly web2Id: string;
  readonly bindOrigin: boolean;
}

export interface Candidate {
  readonly proof: { readonly proof: unknown; readonly publicSignals: readonly string[] };
  readonly asked: Asked;
  /** The web2Id the extension says it had committed (`result.web2Id`): checked, never trusted. */
  readonly committedWeb2Id: string;
}

export type CheckId = 'service' | 'offline' | 'attested' | 'score' | 'model' | 'web2Id' | 'origin' | 'nullifier';
export interface Check {
  readonly id: CheckId;
  readonly ok: boolean;
  readonly note: string;
}
export interface Verdict {
  readonly accepted: boolean;
  readonly checks: readonly Check[];
}

export interface AcceptDeps {
  /** The service's verify (with this dApp's API key). */
  readonly serviceVerify: (proof: unknown) => Promise<boolean>;
  readonly verificationKey: () => Promise<unknown>;
  readonly attestationKey: () => Promise<AttestationKey>;
  /** Groth16 verification (default: snarkjs). */
  readonly groth16Verify?: (vkey: unknown, publicSignals: string[], proof: unknown) => Promise<boolean>;
}

/** Parses the page's POST body; null when it is not a candidate. */
export function parseCandidate(body: unknown): Candidate | null {
  if (!isRecord(body) || !isRecord(body.proof) || !isRecord(body.asked) || typeof body.committedWeb2Id !== 'string') return null;
  const { proof, asked } = body;
  if (!Array.isArray(proof.publicSignals) || !proof.publicSignals.every((s) => typeof s === 'string')) return null;
  if (typeof asked.scoreId !== 'string' || typeof asked.condition !== 'number' || typeof asked.web2Id !== 'string') return null;
  return {
    proof: { proof: proof.proof, publicSignals: proof.publicSignals as string[] },
    asked: { scoreId: asked.scoreId, condition: asked.condition, web2Id: asked.web2Id, bindOrigin: asked.bindOrigin === true },
    committedWeb2Id: body.committedWeb2Id,
  };
}

/**
 * One dApp's acceptance: `origin` is the site's own origin (what bound proofs must name), and
 * `users` remembers which user each wallet's nullifier already belongs to.
 */
export function createAcceptor(deps: AcceptDeps) {
  const users = new Map<string, string>();
  const groth16Verify = deps.groth16Verify ?? ((vkey, signals, proof) => snarkjs.groth16.verify(vkey as never, signals, proof as never));
  return async function accept(c: Candidate, origin: string): Promise<Verdict> {
    const s = c.proof.publicSignals;
    const wellFormed = s.length === 7 && s.every((x) => /^(0|[1-9]\d*)$/.test(x));
    const check = (id: CheckId, ok: boolean, yes: string, no: string): Check => ({ id, ok, note: ok ? yes : no });
    const [service, offline, key] = await Promise.all([
      deps.serviceVerify(c.proof).catch(() => false),
      deps.verificationKey().then((vkey) => groth16Verify(vkey, [...s], c.proof.proof)).catch(() => false),
      deps.attestationKey(),
    ]);
    // The web2Id this site expects committed: its own origin joined to its user id when it asked for binding.
    const expected = c.asked.bindOrigin ? boundWeb2Id(origin, c.asked.web2Id) : c.asked.web2Id;
    const committedHash = wellFormed ? s[3] : undefined;
    const checks: Check[] = [
      check('service', service, 'the service says valid', 'the service says not valid'),
      check('offline', offline, 'valid against the verification key', 'not valid against the verification key'),
      check('attested', wellFormed && s[4] === key.Ax && s[5] === key.Ay, 'attested by the service’s key', 'not attested by the service’s key'),
      check('score', wellFormed && s[1] === String(c.asked.condition) && Number(s[0]) >= c.asked.condition,
        `score ${s[0]} ≥ ${c.asked.condition}`, `not a proof of score ≥ ${c.asked.condition}`),
      check('model', wellFormed && s[2] === (await hashToField(c.asked.scoreId)), c.asked.scoreId, `not ${c.asked.scoreId}`),
      check('web2Id', committedHash === (await hashToField(expected)), `commits ${expected}`, `does not commit ${expected}`),
    ];
    if (c.asked.bindOrigin) {
      // Which site the proof names: the committed web2Id (checked against the proof) up to its first '#'.
      const cut = c.committedWeb2Id.indexOf('#');
      const named = cut > 0 && committedHash === (await hashToField(c.committedWeb2Id)) ? c.committedWeb2Id.slice(0, cut) : '';
      checks.push(check('origin', named === origin, `bound to ${origin}`, named ? `bound to ${named}, not this site` : 'bound to no site it can name'));
    }
    const nullifier = wellFormed ? s[6]! : '';
    const owner = users.get(nullifier);
    checks.push(check('nullifier', wellFormed && (owner === undefined || owner === c.asked.web2Id),
      owner === undefined ? 'a wallet new to this site' : `the wallet of ${c.asked.web2Id}, as before`, 'this wallet already belongs to another user'));
    const accepted = checks.every((x) => x.ok);
    // Only an accepted proof ties its wallet to the user.
    if (accepted && owner === undefined) users.set(nullifier, c.asked.web2Id);
    return { accepted, checks };
  };
}
