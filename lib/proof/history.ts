import { isRecord } from '@/lib/api/body.ts';
import type { FlowSource } from './contract.ts';
import { PARAM_LIMITS } from './params.ts';
import { webOriginOf } from './origins.ts';

/**
 * What each site received: one record per proof the worker handed over, for
 * the user to look back on (the popup's Proofs tab). Pure: storage is
 * ./history-store.ts. Bounded by age and count, so it never grows without end
 * and an old proof is not kept for ever.
 */

/** How the proof was checked before it was handed over. */
export type ProofCheck = 'verified' | 'not-checked';

export interface ProofRecord {
  /** The flow's id: one record per hand-over. */
  readonly id: string;
  /** The site that received it, as the browser reported it. */
  readonly origin: string;
  /** Epoch ms of the hand-over. */
  readonly at: number;
  /** The model (scoreId) the site asked for. */
  readonly scoreId: string;
  /** The minimum score (condition) the site asked for. */
  readonly condition: number;
  /** The score the proof reveals (its first public signal). */
  readonly score: number;
  /** Whether the web2Id was bound to the site's origin (bindOrigin). */
  readonly bound: boolean;
  /** `verified`: the service's verify said valid; `not-checked`: verification was off in Options. */
  readonly check: ProofCheck;
  /** Asked for by the page, or started from the popup ("Prove my score to this site"). */
  readonly source: FlowSource;
}

/** Proofs kept at most, newest first (≈ 250 bytes each sealed: 200 stay near 50 KB). */
export const HISTORY_LIMIT = 200;
export const HISTORY_DAYS = 90;
/** How long a proof is kept. */
export const HISTORY_MAX_AGE_MS = HISTORY_DAYS * 24 * 60 * 60 * 1000;

const MAX_ID = 100;

export function isProofRecord(v: unknown): v is ProofRecord {
  return isRecord(v)
    && typeof v.id === 'string' && v.id.length > 0 && v.id.length <= MAX_ID
    && typeof v.origin === 'string' && webOriginOf(v.origin) === v.origin
    && Number.isFinite(v.at)
    && typeof v.scoreId === 'string' && v.scoreId.length > 0 && v.scoreId.length <= PARAM_LIMITS.scoreId
    && Number.isFinite(v.condition) && Number.isFinite(v.score)
    && typeof v.bound === 'boolean'
    && (v.check === 'verified' || v.check === 'not-checked')
    && (v.source === 'page' || v.source === 'popup');
}

/** A stored value split into the records that validate and what does not (to be set aside, never dropped silently). */
export interface ParsedHistory {
  readonly records: readonly ProofRecord[];
  readonly rejected: readonly unknown[];
}

export function parseHistory(v: unknown): ParsedHistory {
  if (!Array.isArray(v)) return { records: [], rejected: v === undefined || v === null ? [] : [v] };
  const records: ProofRecord[] = [];
  const rejected: unknown[] = [];
  for (const item of v) (isProofRecord(item) ? records : rejected).push(item);
  return { records, rejected };
}

/** The records within the bounds at `now`: newest first, none older than the age limit, at most `limit`. */
export function withinBounds(list: readonly ProofRecord[], now: number, limit = HISTORY_LIMIT, maxAgeMs = HISTORY_MAX_AGE_MS): ProofRecord[] {
  return list.filter((r) => now - r.at <= maxAgeMs).sort((a, b) => b.at - a.at).slice(0, limit);
}

/** The list with `added` in it (a record of the same id replaced), within bounds. */
export function withRecords(list: readonly ProofRecord[], added: readonly ProofRecord[], now: number): ProofRecord[] {
  const ids = new Set(added.map((r) => r.id));
  return withinBounds([...added, ...list.filter((r) => !ids.has(r.id))], now);
}

export function withoutRecords(list: readonly ProofRecord[], ids: readonly string[]): ProofRecord[] {
  return list.filter((r) => !ids.includes(r.id));
}

/** Records grouped by site, the site with the latest proof first; each group newest first. */
export function bySite(list: readonly ProofRecord[]): { readonly origin: string; readonly records: readonly ProofRecord[] }[] {
  const groups = new Map<string, ProofRecord[]>();
  for (const r of [...list].sort((a, b) => b.at - a.at)) {
    const g = groups.get(r.origin);
    if (g) g.push(r);
    else groups.set(r.origin, [r]);
  }
  return [...groups].map(([origin, records]) => ({ origin, records }));
}
