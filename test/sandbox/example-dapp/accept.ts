import { MemoryNullifierStore, VERIFY_CHECKS, verifyScoreProof, type ServiceKeys, type VerifyCheck, type VerifyChecks } from '@vantage/sdk/server';
import { isRecord } from '@/lib/api/body.ts';

/**
 * The example dApp's server-side acceptance of a score proof: `@vantage/sdk/server`'s verifyScoreProof
 * (every check of docs/page-api.md, "Verifying a proof on your server"), plus the service's own verify,
 * each check with its own line so the page can show them.
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

export type CheckId = 'service' | 'offline' | 'attested' | 'score' | 'model' | 'web2Id' | 'origin' | 'age' | 'nullifier';
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
  /** Where the SDK finds the service's public keys: the keys themselves, or the service's origin to fetch them from. */
  readonly trust: { readonly keys: ServiceKeys } | { readonly serviceOrigin: string };
}

/** What the page says it asks (the demo's form); null when it is not that. */
export function parseAsked(asked: unknown): Asked | null {
  if (!isRecord(asked) || typeof asked.scoreId !== 'string' || typeof asked.condition !== 'number' || typeof asked.web2Id !== 'string') return null;
  return { scoreId: asked.scoreId, condition: asked.condition, web2Id: asked.web2Id, bindOrigin: asked.bindOrigin === true };
}

/** Parses the page's POST body; null when it is not a candidate. */
export function parseCandidate(body: unknown): Candidate | null {
  if (!isRecord(body) || !isRecord(body.proof) || typeof body.committedWeb2Id !== 'string') return null;
  const { proof } = body;
  const asked = parseAsked(body.asked);
  if (!asked || !Array.isArray(proof.publicSignals) || !proof.publicSignals.every((s) => typeof s === 'string')) return null;
  return { proof: { proof: proof.proof, publicSignals: proof.publicSignals as string[] }, asked, committedWeb2Id: body.committedWeb2Id };
}

/** The page's line for each of the SDK's checks: its id there, and what a pass says. */
const LINES: Readonly<Record<VerifyCheck, { id: CheckId; yes: (c: Candidate, origin: string) => string }>> = {
  proof: { id: 'offline', yes: () => 'valid against the verification key' },
  attestation: { id: 'attested', yes: () => 'attested by the service’s key' },
  minimum: { id: 'score', yes: (c) => `score ${c.proof.publicSignals[0]} ≥ ${c.asked.condition}` },
  model: { id: 'model', yes: (c) => c.asked.scoreId },
  web2Id: { id: 'web2Id', yes: (c, origin) => `commits ${c.asked.bindOrigin ? `${origin}#${c.asked.web2Id}` : c.asked.web2Id}` },
  origin: { id: 'origin', yes: (_c, origin) => `bound to ${origin}` },
  age: { id: 'age', yes: () => 'fresh: from a session this server started' },
  nullifier: { id: 'nullifier', yes: (c) => `a wallet new to this site, or the wallet of ${c.asked.web2Id} as before` },
};

/**
 * One line per check the SDK ran, in its order: the first failing one is the one the SDK's reason and
 * message are about; any later failing one says it failed too.
 */
function lines(c: Candidate, origin: string, checks: VerifyChecks, failure: { reason: string; message: string } | null): Check[] {
  let explained = false;
  return VERIFY_CHECKS.flatMap((name): Check[] => {
    const ok = checks[name];
    if (ok === undefined) return [];
    const { id, yes } = LINES[name];
    if (ok) return [{ id, ok, note: yes(c, origin) }];
    const note = failure && !explained ? `${failure.reason}: ${failure.message}` : 'failed too';
    explained = true;
    return [{ id, ok, note }];
  });
}

/**
 * One dApp's acceptance: `origin` is the site's own origin (what bound proofs must name); its
 * nullifier store remembers which user each wallet already belongs to.
 */
export function createAcceptor(deps: AcceptDeps) {
  const nullifiers = new MemoryNullifierStore();
  return async function accept(c: Candidate, origin: string): Promise<Verdict> {
    const service = await deps.serviceVerify(c.proof).catch(() => false);
    const result = { proof: c.proof, publicSignals: c.proof.publicSignals, web2Id: c.committedWeb2Id };
    // The service's verify counts too: a proof it refuses must not reach the nullifier store.
    const verdict = await verifyScoreProof(result, { ...c.asked, origin, ...deps.trust, nullifiers: service ? nullifiers : null });
    const checks: Check[] = [{ id: 'service', ok: service, note: service ? 'the service says valid' : 'the service says not valid' }];
    checks.push(...lines(c, origin, verdict.checks, verdict.ok ? null : verdict));
    // Refused before any check ran (malformed, keys unavailable): the offline line says why.
    if (!verdict.ok && Object.keys(verdict.checks).length === 0) checks.push({ id: 'offline', ok: false, note: `${verdict.reason}: ${verdict.message}` });
    return { accepted: service && verdict.ok, checks };
  };
}
