import { isRecord } from '@/lib/api/body.ts';
import type { ApiErrorKind } from '@/lib/api/errors.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { bandOf, type BandName } from '@/lib/score/band.ts';

/**
 * The address watchlist as data: which (address, model) pairs the user
 * watches, and a short score history of each. Pure: storage is ./store.ts,
 * the schedule ./check.ts.
 */

/** One score of the history: [epoch ms of the check, score]. A pair, not an object: 50 × 30 of them stay small. */
export type ScorePoint = readonly [at: number, score: number];

export interface WatchedAddress {
  /** Lower-case 0x address, as sent to the service. */
  readonly address: `0x${string}`;
  /** The score model (scoreId) it is watched under. */
  readonly model: string;
  readonly addedAt: number;
  /** Oldest first, at most HISTORY_LIMIT points. */
  readonly history: readonly ScorePoint[];
  /** When the last check ran (whether or not it got a score). */
  readonly checkedAt?: number;
  /** Why the last check got no score; cleared by the next score. */
  readonly lastError?: { readonly kind: ApiErrorKind; readonly message: string };
}

/** Points kept per address: a month of daily checks, or a week of the default 6-hourly ones. */
export const HISTORY_LIMIT = 30;
/** Addresses at most: bounds storage (≈ 2.5 KB each sealed) and one check's requests. */
export const WATCH_LIMIT = 100;

const ADDRESS = /^0x[0-9a-f]{40}$/;
const MAX_MODEL = 100;

export const sameWatch = (a: { address: string; model: string }, b: { address: string; model: string }) =>
  a.address === b.address && a.model === b.model;

/** The list with `entry` added at the end; an existing (address, model) is kept as it is. Throws past WATCH_LIMIT. */
export function withWatched(list: readonly WatchedAddress[], entry: WatchedAddress, limit = WATCH_LIMIT): WatchedAddress[] {
  if (list.some((w) => sameWatch(w, entry))) return [...list];
  if (list.length >= limit) throw new RangeError(t('watch.error.full', { count: formatNumber(limit) }));
  return [...list, entry];
}

export function withoutWatched(list: readonly WatchedAddress[], key: { address: string; model: string }): WatchedAddress[] {
  return list.filter((w) => !sameWatch(w, key));
}

/** The entry with a new score appended, the oldest points dropped past `limit`, and the last error cleared. */
export function withScore(entry: WatchedAddress, at: number, score: number, limit = HISTORY_LIMIT): WatchedAddress {
  const { lastError: _, ...rest } = entry;
  return { ...rest, checkedAt: at, history: [...entry.history, [at, score] as const].slice(-limit) };
}

export function withError(entry: WatchedAddress, at: number, error: { kind: ApiErrorKind; message: string }): WatchedAddress {
  return { ...entry, checkedAt: at, lastError: { kind: error.kind, message: error.message } };
}

export const latestScore = (entry: Pick<WatchedAddress, 'history'>): number | null => entry.history.at(-1)?.[1] ?? null;

export interface BandChange {
  readonly from: BandName;
  readonly to: BandName;
}

/** The band change from one score to the next, or null; a score outside the scale (no band) is no change. */
export function bandChange(before: number | null, after: number): BandChange | null {
  if (before === null) return null;
  const from = bandOf(before);
  const to = bandOf(after);
  return from && to && from.name !== to.name ? { from: from.name, to: to.name } : null;
}

/** What other features read (the address bar's suggestions): no history, the current score and band. */
export interface WatchedSummary {
  readonly address: `0x${string}`;
  readonly model: string;
  readonly score: number | null;
  readonly band: BandName | null;
}

export function summarize(entry: WatchedAddress): WatchedSummary {
  const score = latestScore(entry);
  return { address: entry.address, model: entry.model, score, band: score === null ? null : (bandOf(score)?.name ?? null) };
}

function isPoint(v: unknown): v is ScorePoint {
  return Array.isArray(v) && v.length === 2 && Number.isFinite(v[0]) && Number.isFinite(v[1]);
}

/** One stored entry, checked; null when it is not one (a damaged entry is dropped, not shown). */
export function parseWatched(v: unknown): WatchedAddress | null {
  if (!isRecord(v) || typeof v.address !== 'string' || !ADDRESS.test(v.address)) return null;
  if (typeof v.model !== 'string' || !v.model || v.model.length > MAX_MODEL || !Number.isFinite(v.addedAt)) return null;
  if (!Array.isArray(v.history)) return null;
  const entry: WatchedAddress = {
    address: v.address as `0x${string}`,
    model: v.model,
    addedAt: v.addedAt as number,
    history: v.history.filter(isPoint).slice(-HISTORY_LIMIT),
    ...(Number.isFinite(v.checkedAt) ? { checkedAt: v.checkedAt as number } : {}),
    ...(isRecord(v.lastError) && typeof v.lastError.kind === 'string' && typeof v.lastError.message === 'string'
      ? { lastError: { kind: v.lastError.kind as ApiErrorKind, message: v.lastError.message } }
      : {}),
  };
  return entry;
}

export function parseWatchlist(v: unknown): WatchedAddress[] | null {
  if (!Array.isArray(v)) return null;
  return v.map(parseWatched).filter((w): w is WatchedAddress => w !== null).slice(0, WATCH_LIMIT);
}
