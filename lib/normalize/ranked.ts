/**
 * Ranked lists: items with an id, a name and a measure, sorted by it
 * (largest first), each with its share of the whole.
 */
import { isRecord, keyedEntries, ratio, records, sumKnown, toNumber, toText } from './coerce.ts';
import { windowOf, type TimeWindow } from './series.ts';

export interface RankedItem {
  readonly id: string;
  readonly name: string;
  /** The measure the list is ranked by; null sorts last. */
  readonly value: number | null;
  /** value / the whole: the total the service reports when it is positive, else the sum of the values. */
  readonly share: number | null;
}

/**
 * Who a record is: its id (or the given one, or its name), and its name (or
 * the id). Null when it has neither.
 */
export function identify(
  rec: Readonly<Record<string, unknown>>,
  id: string | null = toText(rec.id),
): { id: string; name: string } | null {
  const key = id ?? toText(rec.name);
  return key === null ? null : { id: key, name: toText(rec.name) ?? key };
}

/** Compares plain strings by code unit: stable across locales. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Ranks items by value, largest first (ties by name, then id), and adds each
 * one's share of `total` (when positive; otherwise of the sum of values). An
 * id that comes twice keeps its first item.
 */
export function rank<T extends Omit<RankedItem, 'share'>>(
  items: Iterable<T>,
  total: number | null = null,
): (T & { share: number | null })[] {
  const unique = new Map<string, T>();
  for (const item of items) if (!unique.has(item.id)) unique.set(item.id, item);
  const list = [...unique.values()];
  const whole = wholeOf(total, list.map((i) => i.value));
  return list
    .sort((a, b) => {
      if (a.value !== b.value) {
        if (a.value === null) return 1;
        if (b.value === null) return -1;
        return b.value - a.value;
      }
      return compareText(a.name, b.name) || compareText(a.id, b.id);
    })
    .map((item) => ({ ...item, share: ratio(item.value, whole) }));
}

/** What shares are taken of: the reported total when positive, else the sum of the known values. */
function wholeOf(total: number | null, values: Iterable<number | null>): number | null {
  return total !== null && total > 0 ? total : sumKnown(values);
}


// ---- holders/prominent-balance ----

export interface HolderItem extends RankedItem {
  /** The balance. */
  readonly value: number;
  /** wallet, contract or foundation, as sent. */
  readonly type: string | null;
  readonly projectType: string | null;
}

export interface ProminentBalanceView {
  readonly items: readonly HolderItem[];
}

/** Keyed by address (a list of holders is accepted too); holders with no balance are dropped. */
export function normalizeProminentBalance(body: unknown): ProminentBalanceView {
  const items: Omit<HolderItem, 'share'>[] = [];
  for (const { id, value: rec } of keyedEntries(body)) {
    if (!isRecord(rec)) continue;
    const who = identify(rec, id);
    const value = toNumber(rec.value);
    if (!who || value === null) continue;
    items.push({ ...who, value, type: toText(rec.type), projectType: toText(rec.projectType) });
  }
  return { items: rank(items) };
}

// ---- dapp-users/distribution-by-dapps | -contracts | -actions ----

export type DistributionList = 'dapps' | 'contracts' | 'actions';

export interface ActivityItem extends RankedItem {
  /** Ranked by users: value === users. */
  readonly users: number | null;
  readonly transactions: number | null;
  /** The project type of a DApp or contract, or the action type of an action. */
  readonly category: string | null;
}

export interface DistributionView extends TimeWindow {
  readonly totalUsers: number | null;
  readonly totalTransactions: number | null;
  /** Share is of totalUsers when the service reports it. */
  readonly items: readonly ActivityItem[];
}

function activityItem(rec: Readonly<Record<string, unknown>>): Omit<ActivityItem, 'share'> | null {
  const who = identify(rec);
  const users = toNumber(rec.numberOfUsers);
  const transactions = toNumber(rec.numberOfTransactions);
  if (!who || (users === null && transactions === null)) return null;
  const entity = isRecord(rec.entity) ? rec.entity : {};
  const category = toText(entity.projectType) ?? toText(rec.projectType) ?? toText(rec.actionType);
  return { ...who, value: users, users, transactions, category };
}

export function normalizeDistribution(body: unknown, list: DistributionList): DistributionView {
  const b = isRecord(body) ? body : {};
  const totalUsers = toNumber(b.numberOfUsers);
  const items = records(b[list]).flatMap((rec) => activityItem(rec) ?? []);
  return { ...windowOf(b), totalUsers, totalTransactions: toNumber(b.numberOfTransactions), items: rank(items, totalUsers) };
}

// ---- dapp-users/use-competitors | use-partners ----

export interface OverlapItem extends RankedItem {
  /** Users shared with this project; value === users. */
  readonly users: number | null;
  /** Market share 0..1 and TVL, where the service sends them (competitors only). */
  readonly marketShare: number | null;
  readonly tvl: number | null;
  readonly projectType: string | null;
  readonly type: string | null;
}

export interface OverlapView extends TimeWindow {
  readonly items: readonly OverlapItem[];
}

/**
 * `users` joined by id with `marketShare` (use-partners sends no
 * `marketShare`). Projects listed in `marketShare` only are kept, ranked
 * after those with users.
 */
export function normalizeOverlap(body: unknown): OverlapView {
  const b = isRecord(body) ? body : {};
  const users = indexById(b.users);
  const market = indexById(b.marketShare);
  const items = [...new Set([...users.keys(), ...market.keys()])].flatMap((id) => {
    const u = users.get(id) ?? {};
    const m = market.get(id) ?? {};
    const entity = isRecord(u.entity) ? u.entity : {};
    const value = toNumber(u.numberOfUsers);
    const marketShare = toNumber(m.marketShare);
    const tvl = toNumber(m.tvl);
    if (value === null && marketShare === null && tvl === null) return [];
    return [{
      id,
      name: toText(u.name) ?? toText(m.name) ?? id,
      value,
      users: value,
      marketShare,
      tvl,
      projectType: toText(entity.projectType) ?? toText(u.projectType) ?? toText(m.projectType),
      type: toText(entity.type) ?? toText(u.type) ?? toText(m.type),
    }];
  });
  return { ...windowOf(b), items: rank(items) };
}

/** The records of a list by id (first wins). */
function indexById(list: unknown): Map<string, Readonly<Record<string, unknown>>> {
  const byId = new Map<string, Readonly<Record<string, unknown>>>();
  for (const rec of records(list)) {
    const id = identify(rec)?.id;
    if (id !== undefined && !byId.has(id)) byId.set(id, rec);
  }
  return byId;
}

// ---- cdp-users/distribution-by-countries ----

export interface CountryItem extends RankedItem {
  /** Ranked by visitors: value === visitors; share is of totalVisitors. */
  readonly visitors: number | null;
  readonly wallets: number | null;
  /** wallets / totalWallets (or / the sum of wallets when no total is sent). */
  readonly walletShare: number | null;
}

export interface CountriesView {
  readonly totalVisitors: number | null;
  readonly totalWallets: number | null;
  readonly items: readonly CountryItem[];
}

export function normalizeCountries(body: unknown): CountriesView {
  const b = isRecord(body) ? body : {};
  const totalVisitors = toNumber(b.visitors);
  const totalWallets = toNumber(b.wallets);
  const items = records(b.topCountry).flatMap((rec) => {
    const who = identify(rec);
    const data = isRecord(rec.data) ? rec.data : {};
    const visitors = toNumber(data.visitor);
    const wallets = toNumber(data.wallet);
    return who && (visitors !== null || wallets !== null) ? [{ ...who, value: visitors, visitors, wallets }] : [];
  });
  const ranked = rank(items, totalVisitors);
  const walletWhole = wholeOf(totalWallets, ranked.map((i) => i.wallets));
  return {
    totalVisitors,
    totalWallets,
    items: ranked.map((i) => ({ ...i, walletShare: ratio(i.wallets, walletWhole) })),
  };
}
