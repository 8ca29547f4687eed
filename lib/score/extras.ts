import { asNumber, isRecord } from '@/lib/api/body.ts';
import { t } from '@/lib/i18n/index.ts';
import { formatNumber, formatPrecise } from '@/lib/format/number.ts';
import { SCALE_MAX, SCALE_MIN } from './band.ts';

/**
 * Turns the model-specific extras of a calculateCustomScore answer into what
 * the Score panel shows: a breakdown (bars), a rank, and every other property
 * as labelled rows. Nothing the model sent is dropped: unknown or oddly
 * shaped values become rows.
 */

export interface ExtraRow {
  /** Path of the value in the answer, e.g. `meta.chain.id`. */
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

export interface BreakdownBar {
  readonly key: string;
  readonly label: string;
  readonly value: number;
  /** Bar length in [0, 1] on the breakdown's domain. */
  readonly fraction: number;
}

export interface Breakdown {
  readonly bars: readonly BreakdownBar[];
  /** The range the bars are drawn against. */
  readonly domain: readonly [number, number];
}

export interface ExtrasView {
  readonly breakdown: Breakdown | null;
  readonly rank: number | null;
  readonly rows: readonly ExtraRow[];
}

const BREAKDOWN_KEYS = ['scoreBreakdown', 'breakdown'];
const MAX_DEPTH = 4;
const MAX_ROWS = 60;

const ACRONYMS: Readonly<Record<string, string>> = { id: 'ID', dapp: 'DApp', dapps: 'DApps', usd: 'USD', tvl: 'TVL', url: 'URL', nft: 'NFT' };

/** `scoreBreakdown` → "Score breakdown", `chain_id` → "Chain ID". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  if (!words.length) return key || '(unnamed)';
  const [first, ...rest] = words;
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(' ');
}

export function formatValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') return Number.isFinite(v) ? formatPrecise(v) : String(v);
  if (typeof v === 'boolean') return v ? t('score.extras.yes') : t('score.extras.no');
  if (typeof v === 'string') return v === '' ? t('score.extras.empty') : v;
  return JSON.stringify(v) ?? String(v);
}

/**
 * Flattens any JSON value into labelled rows: nested objects join their
 * labels with " › ", arrays of plain values become one comma-separated row,
 * arrays of objects are numbered from 1. A runaway answer is cut at
 * MAX_ROWS with a row saying how many values were left out.
 */
export function flattenExtras(value: unknown): ExtraRow[] {
  const rows = walk(value, [], []);
  if (rows.length <= MAX_ROWS) return rows;
  const left = rows.length - (MAX_ROWS - 1);
  return [...rows.slice(0, MAX_ROWS - 1), { key: '…', label: t('score.extras.more'), value: t('score.extras.moreValues', { count: formatNumber(left) }) }];
}

function walk(value: unknown, path: readonly string[], out: ExtraRow[]): ExtraRow[] {
  const row = (v: string) => out.push({ key: path.join('.'), label: path.map(humanizeKey).join(' › '), value: v });
  if (Array.isArray(value)) {
    if (value.length === 0) row('(none)');
    else if (value.every((x) => !isRecord(x) && !Array.isArray(x))) row(value.map(formatValue).join(', '));
    else if (path.length >= MAX_DEPTH) row(JSON.stringify(value));
    else value.forEach((x, i) => walk(x, [...path, String(i + 1)], out));
  } else if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) {
      if (path.length) row('(none)'); // an empty answer has no rows at all
    } else if (path.length >= MAX_DEPTH) row(JSON.stringify(value));
    else for (const k of keys) walk(value[k], [...path, k], out);
  } else {
    row(formatValue(value));
  }
  return out;
}

/**
 * Bars for a breakdown. Parts on the credit scale are drawn against 300–850
 * (so a bar reads like the score's own scale); anything else against 0..max.
 */
export function breakdownBars(parts: readonly (readonly [string, number])[]): Breakdown {
  const values = parts.map(([, v]) => v);
  const onScale = values.length > 0 && values.every((v) => v >= SCALE_MIN && v <= SCALE_MAX);
  const domain: [number, number] = onScale ? [SCALE_MIN, SCALE_MAX] : [0, Math.max(0, ...values)];
  const span = domain[1] - domain[0];
  return {
    domain,
    bars: parts.map(([key, value]) => ({
      key,
      label: humanizeKey(key),
      value,
      fraction: span > 0 ? Math.min(1, Math.max(0, (value - domain[0]) / span)) : 0,
    })),
  };
}

/**
 * Splits extras into breakdown, rank and rows. `band` is the band the panel
 * shows: a `band` property that says the same is not repeated as a row;
 * one that disagrees is shown.
 */
export function describeExtras(extras: Readonly<Record<string, unknown>>, band: string | null): ExtrasView {
  let breakdown: Breakdown | null = null;
  let rank: number | null = null;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(extras)) {
    if (breakdown === null && BREAKDOWN_KEYS.includes(key) && isRecord(value)) {
      const numeric: [string, number][] = [];
      const other: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const n = asNumber(v);
        if (n === null) other[k] = v;
        else numeric.push([k, n]);
      }
      if (numeric.length) {
        breakdown = breakdownBars(numeric);
        if (Object.keys(other).length) rest[key] = other;
        continue;
      }
    }
    if (key === 'rank' && rank === null && asNumber(value) !== null) {
      rank = asNumber(value);
      continue;
    }
    if (key === 'band' && sameBand(value, band)) continue;
    rest[key] = value;
  }
  return { breakdown, rank, rows: flattenExtras(rest) };
}

function sameBand(sent: unknown, shown: string | null): boolean {
  if (sent === null || sent === undefined || sent === '') return shown === null;
  return typeof sent === 'string' && shown !== null && sent.trim().toLowerCase() === shown.toLowerCase();
}
