/**
 * Time series in the columnar form uPlot draws: one ascending x column of
 * Unix seconds and one value column per series, aligned on it.
 */
import { t } from '@/lib/i18n/index.ts';
import { isRecord, toEpochSeconds, toNumber } from './coerce.ts';

export interface SeriesColumn {
  readonly key: string;
  readonly label: string;
  /** One value per x; null where the service sent none (a gap in the line). */
  readonly values: (number | null)[];
}

export interface TimeSeries {
  /** Unix seconds, strictly ascending. */
  readonly x: number[];
  readonly series: readonly SeriesColumn[];
}

/** How one series reads its value out of the entry sent for one time. */
export interface SeriesField {
  readonly key: string;
  readonly label: string;
  readonly read: (entry: unknown) => unknown;
}

/** Reads `entry[name]`. */
export function prop(name: string): (entry: unknown) => unknown {
  return (entry) => (isRecord(entry) ? entry[name] : undefined);
}

/** Reads the entry itself (`{ "1700006400": 1520.75 }`). */
export const itself = (entry: unknown): unknown => entry;

/**
 * Builds a series from (time, entry) pairs. Times that are not timestamps
 * are dropped, and so are entries with no usable value for any field. When
 * a time comes twice, the first entry wins and later ones only fill its gaps.
 */
export function buildSeries(points: Iterable<readonly [unknown, unknown]>, fields: readonly SeriesField[]): TimeSeries {
  const rows = new Map<number, (number | null)[]>();
  for (const [time, entry] of points) {
    const t = toEpochSeconds(time);
    if (t === null) continue;
    const values = fields.map((f) => toNumber(f.read(entry)));
    if (values.every((v) => v === null)) continue;
    const first = rows.get(t);
    if (!first) rows.set(t, values);
    else values.forEach((v, i) => (first[i] ??= v));
  }
  const x = [...rows.keys()].sort((a, b) => a - b);
  return {
    x,
    series: fields.map((f, i) => ({ key: f.key, label: f.label, values: x.map((t) => rows.get(t)?.[i] ?? null) })),
  };
}

/** From an object keyed by timestamp strings: `{ "1700006400": { active: 1790 } }`. */
export function seriesFromKeyed(body: unknown, fields: readonly SeriesField[]): TimeSeries {
  return buildSeries(isRecord(body) ? Object.entries(body) : [], fields);
}

/** From an array of records carrying their time: `[{ timestamp: 1700006400, numberOfUsers: 1830 }]`. */
export function seriesFromRecords(list: unknown, fields: readonly SeriesField[], timeField = 'timestamp'): TimeSeries {
  const records = Array.isArray(list) ? list : [];
  return buildSeries(
    records.map((r) => [isRecord(r) ? r[timeField] : undefined, r] as const),
    fields,
  );
}

/** uPlot's `AlignedData`: `[x, ...values]`. */
export function toAlignedData(ts: TimeSeries): [number[], ...(number | null)[][]] {
  return [ts.x, ...ts.series.map((s) => s.values)];
}

export function isEmptySeries(ts: TimeSeries): boolean {
  return ts.x.length === 0;
}

// ---- endpoints whose whole answer is a time series ----

/** The service's own window, when it echoes one. */
export interface TimeWindow {
  readonly startTime: number | null;
  readonly endTime: number | null;
}

/** `startTime`/`endTime` of an envelope. */
export function windowOf(body: unknown): TimeWindow {
  const b = isRecord(body) ? body : {};
  return { startTime: toEpochSeconds(b.startTime), endTime: toEpochSeconds(b.endTime) };
}

export interface HolderChangeView {
  /** Today's figures. */
  readonly now: { readonly active: number | null; readonly new: number | null; readonly total: number | null };
  /** Series `active` and `new`. */
  readonly series: TimeSeries;
}

export function normalizeHolderChange(body: unknown): HolderChangeView {
  const b = isRecord(body) ? body : {};
  const now = isRecord(b.now) ? b.now : {};
  return {
    now: { active: toNumber(now.active), new: toNumber(now.new), total: toNumber(now.total) },
    series: seriesFromKeyed(b.logs, [
      { key: 'active', label: t('stats.holders.active'), read: prop('active') },
      { key: 'new', label: t('stats.holders.new'), read: prop('new') },
    ]),
  };
}

export interface ClaimedRewardsView extends TimeWindow {
  /** Series `claimed`. */
  readonly series: TimeSeries;
}

export function normalizeDailyClaimedRewards(body: unknown): ClaimedRewardsView {
  const b = isRecord(body) ? body : {};
  return {
    ...windowOf(b),
    series: seriesFromKeyed(b.claimed_rewards, [{ key: 'claimed', label: t('stats.rewards.title'), read: itself }]),
  };
}

export interface DailyUsersView extends TimeWindow {
  /** Series `users` and `transactions`. */
  readonly series: TimeSeries;
}

export function normalizeDailyUsers(body: unknown): DailyUsersView {
  const b = isRecord(body) ? body : {};
  return {
    ...windowOf(b),
    series: seriesFromRecords(b.dailyUsers, [
      { key: 'users', label: t('stats.dailyUsers.users'), read: prop('numberOfUsers') },
      { key: 'transactions', label: t('stats.dailyUsers.transactions'), read: prop('numberOfTransactions') },
    ]),
  };
}
