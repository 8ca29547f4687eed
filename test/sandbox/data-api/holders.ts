/** Token-holder endpoints (docs/service.md), computed from the transfer and call events. */
import { AccountKind, UNITS_PER_TOKEN } from '../dataset/index.ts';
import type { DataIndex, HolderStats } from './indexes.ts';
import { dayKey, envelope, type ComputeTable, type Query } from './query.ts';

/** The holder-stats slot for a chain filter; undefined when the token is not on that chain. */
function slotOf(stats: HolderStats, chain: number): number | undefined {
  if (chain < 0) return stats.chains.length;
  const k = stats.chains.indexOf(chain);
  return k < 0 ? undefined : k;
}

export function holderChange(ix: DataIndex, q: Query) {
  const w = q.window!;
  const D = ix.days;
  const first = ix.ds.firstDay;
  const stats = q.tokenIndex >= 0 ? ix.holderStats(q.tokenIndex) : undefined;
  const slot = stats ? slotOf(stats, q.chain) : undefined;
  const logs: Record<string, { active: number; new: number }> = {};
  let newSum = 0;
  let lastActive = 0;
  for (let day = w.first; day <= w.last; day++) {
    const rel = day - first;
    const inRange = stats && slot !== undefined && rel >= 0 && rel < D;
    const active = inRange ? stats.active[slot]![rel]! : 0;
    const fresh = inRange ? stats.fresh[slot]![rel]! : 0;
    logs[dayKey(day)] = { active, new: fresh };
    newSum += fresh;
    lastActive = active;
  }
  let total = 0;
  const lastRel = w.last - first;
  if (stats && slot !== undefined && lastRel >= 0) total = stats.holders[slot]![Math.min(lastRel, D - 1)]!;
  return { now: { active: lastActive, new: newSum, total }, logs };
}

export function dailyClaimedRewards(ix: DataIndex, q: Query) {
  const w = q.window!;
  const { chain, action, amount } = ix.ds.events;
  const list = ix.calls(q.projectIndex);
  const first = ix.ds.firstDay;
  const claimed: Record<string, number> = {};
  for (let day = w.first; day <= w.last; day++) {
    const rel = day - first;
    let sum = 0;
    if (rel >= 0 && rel < ix.days) {
      for (let j = list.dayStart[rel]!; j < list.dayStart[rel + 1]!; j++) {
        const i = list.idx[j]!;
        if (!ix.claimAction[action[i]!]) continue;
        if (q.chain >= 0 && chain[i] !== q.chain) continue;
        sum += amount[i]!;
      }
    }
    claimed[dayKey(day)] = sum / UNITS_PER_TOKEN;
  }
  return { ...envelope(q), claimed_rewards: claimed };
}

export function eventTransferDistribution(ix: DataIndex, q: Query) {
  const w = q.window!;
  const out: Record<string, Record<string, { name: string; value: number }>> = {};
  const { chain, from, to, amount } = ix.ds.events;
  const kind = ix.ds.accounts.kind;
  const first = ix.ds.firstDay;
  const list = q.tokenIndex >= 0 ? ix.transfers(q.tokenIndex) : undefined;
  const sums = new Map<number, number>();
  for (let day = w.first; day <= w.last; day++) {
    const rel = day - first;
    sums.clear();
    if (list && rel >= 0 && rel < ix.days) {
      for (let j = list.dayStart[rel]!; j < list.dayStart[rel + 1]!; j++) {
        const i = list.idx[j]!;
        if (q.chain >= 0 && chain[i] !== q.chain) continue;
        const f = from[i]!;
        const r = to[i]!;
        let con = -1;
        if (ix.holder[f] && kind[r] === AccountKind.CONTRACT) con = r;
        else if (ix.holder[r] && kind[f] === AccountKind.CONTRACT) con = f;
        if (con < 0) continue;
        sums.set(con, (sums.get(con) ?? 0) + amount[i]!);
      }
    }
    const addr = ix.ds.accounts.address;
    const entries = [...sums].sort((a, b) => b[1] - a[1] || (addr[a[0]]! < addr[b[0]]! ? -1 : 1));
    const dayOut: Record<string, { name: string; value: number }> = {};
    for (const [con, units] of entries) {
      dayOut[ix.ds.accounts.address[con]!] = { name: ix.ds.accounts.label[con] ?? '', value: units / UNITS_PER_TOKEN };
    }
    out[dayKey(day)] = dayOut;
  }
  return out;
}

/** How many wallets prominent-balance lists for type=wallet. */
export const PROMINENT_WALLETS = 20;

export function prominentBalance(ix: DataIndex, q: Query) {
  const out: Record<string, { id: string; type: string; name: string; value: number; projectType?: string }> = {};
  if (q.tokenIndex < 0) return out;
  const stats = ix.holderStats(q.tokenIndex);
  const slot = slotOf(stats, q.chain);
  const bal = slot === undefined ? undefined : stats.balance[slot]!;
  const acc = ix.ds.accounts;
  const value = (a: number) => (bal ? bal[a]! : 0);
  const rows: { a: number; v: number }[] = [];
  const isFoundation = (a: number) => acc.labelType[a] === 'foundation' && acc.labelProject[a] === q.project.id;
  const before = (x: { a: number; v: number }, y: { a: number; v: number }) =>
    y.v - x.v || (acc.address[x.a]! < acc.address[y.a]! ? -1 : 1);
  for (let a = 0; a < acc.count; a++) {
    if (q.type === 'foundation') {
      if (isFoundation(a)) rows.push({ a, v: value(a) });
    } else if (q.type === 'contract') {
      if (acc.kind[a] === AccountKind.CONTRACT && value(a) > 0) rows.push({ a, v: value(a) });
    } else if (ix.holder[a] && value(a) > 0 && !isFoundation(a)) {
      // keep only the top PROMINENT_WALLETS, by insertion
      const row = { a, v: value(a) };
      if (rows.length === PROMINENT_WALLETS && before(row, rows[rows.length - 1]!) > 0) continue;
      let k = rows.length;
      while (k > 0 && before(row, rows[k - 1]!) < 0) k--;
      rows.splice(k, 0, row);
      if (rows.length > PROMINENT_WALLETS) rows.pop();
    }
  }
  rows.sort(before);
  const shown = rows;
  for (const { a, v } of shown) {
    const id = acc.address[a]!;
    const name = acc.label[a] ?? `${id.slice(0, 6)}…${id.slice(-4)}`;
    if (q.type === 'contract') {
      const c = ix.ds.contracts[acc.contract[a]!]!;
      out[id] = { id, type: 'contract', projectType: c.projectType, name, value: v / UNITS_PER_TOKEN };
    } else {
      out[id] = { id, type: q.type === 'foundation' ? 'foundation' : 'wallet', name, value: v / UNITS_PER_TOKEN };
    }
  }
  return out;
}

export function tokenBalanceDistribution(ix: DataIndex, q: Query) {
  let whales = 0;
  let normalWallets = 0;
  let forgottenWallets = 0;
  if (q.tokenIndex >= 0) {
    const stats = ix.holderStats(q.tokenIndex);
    const slot = slotOf(stats, q.chain);
    if (slot !== undefined) {
      const bal = stats.balance[slot]!;
      const lastMove = stats.lastMove[slot]!;
      const nowRel = q.today - ix.ds.firstDay;
      for (let a = 0; a < bal.length; a++) {
        if (!ix.holder[a] || bal[a]! <= 0) continue;
        const v = bal[a]! / UNITS_PER_TOKEN;
        if (v >= q.whaleBalance!) whales++;
        else if (v <= q.fwBalance! && nowRel - lastMove[a]! >= q.fwDays!) forgottenWallets++;
        else normalWallets++;
      }
    }
  }
  return { whales, normalWallets, forgottenWallets };
}

export const holdersAnswers = {
  holderChange, dailyClaimedRewards, eventTransferDistribution, prominentBalance, tokenBalanceDistribution,
} satisfies ComputeTable<'holders'>;
