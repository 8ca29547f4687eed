/**
 * Per-day rankings: each day lists its own top items. Normalized into the
 * days themselves, one ranking of totals over the window, and a time series
 * of the top items for a chart.
 */
import { isRecord, keyedEntries, records, sumKnown, toEpochSeconds, toList, toNumber, toText } from './coerce.ts';
import { identify, rank, type RankedItem } from './ranked.ts';
import { buildSeries, type TimeSeries } from './series.ts';

/** How many top items get a series of their own. */
export const TOP_SERIES = 5;

type Days<T> = Map<number, Map<string, T>>;

/**
 * Groups items by day, days ascending. Times that are not timestamps are
 * dropped; a day sent twice is merged, and an item sent twice on one day
 * keeps its first entry.
 */
function collectDays<T extends { readonly id: string }>(sent: Iterable<readonly [unknown, readonly T[]]>): Days<T> {
  const days: Days<T> = new Map();
  for (const [time, items] of sent) {
    const t = toEpochSeconds(time);
    if (t === null || items.length === 0) continue;
    const day = days.get(t) ?? new Map<string, T>();
    for (const item of items) if (!day.has(item.id)) day.set(item.id, item);
    days.set(t, day);
  }
  return new Map([...days].sort(([a], [b]) => a - b));
}

/**
 * One series (key = the item's id) for each of the first `top` ranked items
 * that have a value, read from each day; null where a day does not list it.
 */
function topSeries<T>(days: Days<T>, ranking: readonly RankedItem[], top: number, read: (item: T) => number | null): TimeSeries {
  return buildSeries(
    days,
    ranking.filter((i) => i.value !== null).slice(0, top).map(({ id, name }) => ({
      key: id,
      label: name,
      read: (day) => {
        const item = day instanceof Map ? (day.get(id) as T | undefined) : undefined;
        return item === undefined ? null : read(item);
      },
    })),
  );
}

// ---- holders/event-transfer-distribution ----

export interface ContractTotal extends RankedItem {
  /** Tokens moved with the contract over the window. */
  readonly value: number;
  /** How many days list it. */
  readonly days: number;
}

export interface EventTransferView {
  readonly ranking: readonly ContractTotal[];
  /** The top contracts' daily values, one series per contract id. */
  readonly series: TimeSeries;
}

interface ContractDay {
  readonly id: string;
  readonly name: string;
  readonly value: number;
}

/** Keyed by day, then by contract address: `{ "1700006400": { "0x…": { name, value } } }`. */
export function normalizeEventTransfer(body: unknown, top = TOP_SERIES): EventTransferView {
  const days = collectDays<ContractDay>(
    (isRecord(body) ? Object.entries(body) : []).map(([time, day]) => [
      time,
      keyedEntries(day).flatMap(({ id, value: rec }) => {
        const r = isRecord(rec) ? rec : { value: rec };
        const who = identify(r, id);
        const value = toNumber(r.value);
        return who && value !== null ? [{ ...who, value }] : [];
      }),
    ]),
  );
  const totals = new Map<string, Omit<ContractTotal, 'share'>>();
  for (const day of days.values()) {
    for (const c of day.values()) {
      const seen = totals.get(c.id);
      totals.set(c.id, seen ? { ...seen, value: seen.value + c.value, days: seen.days + 1 } : { ...c, days: 1 });
    }
  }
  const ranking = rank(totals.values());
  return { ranking, series: topSeries(days, ranking, top, (c) => c.value) };
}

// ---- dapp-users/daily-actions ----

export interface ActionItem extends RankedItem {
  /** Ranked by transactions: value === transactions. */
  readonly transactions: number | null;
  /** In totals, the sum of the daily user counts (a user active on two days counts twice). */
  readonly users: number | null;
  readonly actionType: string | null;
}

export interface ActionDay {
  /** Unix seconds. */
  readonly time: number;
  readonly actions: readonly ActionItem[];
}

export interface DailyActionsView {
  /** Ascending; each day's actions ranked. */
  readonly days: readonly ActionDay[];
  /** Every action over the window, ranked by total transactions. */
  readonly totals: readonly ActionItem[];
  /** The top actions' daily transactions, one series per action id. */
  readonly series: TimeSeries;
}

type UnrankedAction = Omit<ActionItem, 'share'>;

function actionItem(rec: unknown): UnrankedAction | null {
  if (!isRecord(rec)) return null;
  const who = identify(rec);
  const transactions = toNumber(rec.numberOfTransactions);
  const users = toNumber(rec.numberOfUsers);
  if (!who || (transactions === null && users === null)) return null;
  return { ...who, value: transactions, transactions, users, actionType: toText(rec.actionType) };
}

export function normalizeDailyActions(body: unknown, top = TOP_SERIES): DailyActionsView {
  const b = isRecord(body) ? body : {};
  const days = collectDays(
    records(b.dailyActions).map((d) => [d.timestamp, toList(d.actions).flatMap((a) => actionItem(a) ?? [])] as const),
  );
  const totals = new Map<string, UnrankedAction>();
  for (const day of days.values()) {
    for (const a of day.values()) {
      const seen = totals.get(a.id);
      if (!seen) {
        totals.set(a.id, a);
        continue;
      }
      const transactions = sumKnown([seen.transactions, a.transactions]);
      totals.set(a.id, {
        ...seen,
        value: transactions,
        transactions,
        users: sumKnown([seen.users, a.users]),
        actionType: seen.actionType ?? a.actionType,
      });
    }
  }
  const ranked = rank(totals.values());
  return {
    days: [...days].map(([time, actions]) => ({ time, actions: rank(actions.values()) })),
    totals: ranked,
    series: topSeries(days, ranked, top, (a) => a.transactions),
  };
}
