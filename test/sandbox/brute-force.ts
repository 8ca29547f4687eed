/**
 * Brute-force recomputation of every data endpoint straight from the raw
 * event columns, for the tests. Deliberately naive and written apart from
 * test/sandbox/data-api (it imports nothing from it): whole-table scans,
 * Maps and Sets, balances replayed from scratch, dates through Date. It
 * follows the semantics written down in test/sandbox/README.md.
 */
import type { DataOperationId } from '@/lib/api/catalog.ts';
import {
  AccountKind, COUNTRIES, EventKind, SOURCES, UNITS_PER_TOKEN, WALLET_APPS, type Dataset,
} from './dataset/index.ts';

const SEC_PER_DAY = 86_400;
const dayOf = (t: number) => Math.floor(t / SEC_PER_DAY);
type Q = Readonly<Record<string, string | undefined>>;

const set = (v: string | undefined) => v !== undefined && v !== '';

function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class BruteForce {
  constructor(private readonly ds: Dataset) {}

  private get now(): number {
    return this.ds.anchor;
  }

  private project(id: string) {
    const p = this.ds.projects.find((x) => x.id === id);
    if (!p) throw new Error(`no project ${id}`);
    return p;
  }

  private isHolder(a: number): boolean {
    const k = this.ds.accounts.kind[a];
    return k === AccountKind.WALLET || k === AccountKind.LABELLED;
  }

  private windowDays(q: Q): number[] {
    const end = set(q.endTime) ? Number(q.endTime) : this.now;
    const start = set(q.startTime) ? Number(q.startTime) : end - 30 * SEC_PER_DAY;
    const out: number[] = [];
    for (let d = dayOf(start); d <= dayOf(end); d++) out.push(d);
    return out;
  }

  private chainIndex(q: Q): number | undefined {
    return set(q.chainId) ? this.ds.chains.findIndex((c) => c.id === q.chainId) : undefined;
  }

  private tokenIndex(projectId: string, q: Q): number {
    const p = this.project(projectId);
    if (set(q.tokenId)) return this.ds.tokens.findIndex((t) => t.id === q.tokenId);
    // the released token with the highest market cap: supply from mints (transfers from the zero address)
    const e = this.ds.events;
    let best = -1;
    let bestCap = -1;
    for (const t of p.tokens) {
      if (!t.released) continue;
      const ti = this.ds.tokens.indexOf(t);
      let minted = 0;
      for (let i = 0; i < e.count; i++) {
        if (e.kind[i] === EventKind.TRANSFER && e.token[i] === ti && this.ds.accounts.address[e.from[i]!] === '0x0000000000000000000000000000000000000000') minted += e.amount[i]!;
      }
      const cap = (minted / UNITS_PER_TOKEN) * t.priceUsd;
      if (cap > bestCap) {
        bestCap = cap;
        best = ti;
      }
    }
    return best;
  }

  /** Event indices of transfers of a token, optionally on one chain. */
  private tokenTransfers(ti: number, chain: number | undefined): number[] {
    const e = this.ds.events;
    const out: number[] = [];
    for (let i = 0; i < e.count; i++) {
      if (e.kind[i] !== EventKind.TRANSFER || e.token[i] !== ti) continue;
      if (chain !== undefined && e.chain[i] !== chain) continue;
      out.push(i);
    }
    return out;
  }

  private balances(transfers: number[], untilDay = Infinity): Map<number, number> {
    const e = this.ds.events;
    const bal = new Map<number, number>();
    for (const i of transfers) {
      if (dayOf(e.time[i]!) > untilDay) continue;
      bal.set(e.from[i]!, (bal.get(e.from[i]!) ?? 0) - e.amount[i]!);
      bal.set(e.to[i]!, (bal.get(e.to[i]!) ?? 0) + e.amount[i]!);
    }
    return bal;
  }

  /** Contract accounts of a project passing chain / dapp / contract filters. */
  private contractAccounts(projectId: string, chain: number | undefined, dapp?: string, contract?: string): Set<number> {
    const out = new Set<number>();
    for (const c of this.project(projectId).contracts) {
      if (chain !== undefined && c.chainId !== this.ds.chains[chain]!.id) continue;
      if (dapp && c.dapp !== dapp) continue;
      if (contract && c.address !== contract.toLowerCase()) continue;
      out.add(this.ds.accountIndex(c.address)!);
    }
    return out;
  }

  /** Calls to the given contracts within the day list. */
  private calls(contracts: Set<number>, days?: number[]): number[] {
    const e = this.ds.events;
    const lo = days ? days[0]! : -Infinity;
    const hi = days ? days[days.length - 1]! : Infinity;
    const out: number[] = [];
    for (let i = 0; i < e.count; i++) {
      if (e.kind[i] !== EventKind.CALL || !contracts.has(e.to[i]!)) continue;
      const d = dayOf(e.time[i]!);
      if (d < lo || d > hi) continue;
      out.push(i);
    }
    return out;
  }

  // ---- holders ----

  holderChange(projectId: string, q: Q) {
    const days = this.windowDays(q);
    const e = this.ds.events;
    const ti = this.tokenIndex(projectId, q);
    const tr = this.tokenTransfers(ti, this.chainIndex(q));
    const active = new Map<number, Set<number>>();
    const firstIn = new Map<number, number>();
    for (const i of tr) {
      const d = dayOf(e.time[i]!);
      for (const a of [e.from[i]!, e.to[i]!]) {
        if (!this.isHolder(a)) continue;
        if (!active.has(d)) active.set(d, new Set());
        active.get(d)!.add(a);
      }
      if (this.isHolder(e.to[i]!) && !firstIn.has(e.to[i]!)) firstIn.set(e.to[i]!, d);
    }
    const logs: Record<string, { active: number; new: number }> = {};
    let newSum = 0;
    for (const d of days) {
      const n = [...firstIn.values()].filter((x) => x === d).length;
      logs[String(d * SEC_PER_DAY)] = { active: active.get(d)?.size ?? 0, new: n };
      newSum += n;
    }
    const last = days[days.length - 1]!;
    const bal = this.balances(tr, last);
    const total = [...bal].filter(([a, v]) => this.isHolder(a) && v > 0).length;
    return { now: { active: active.get(last)?.size ?? 0, new: newSum, total }, logs };
  }

  dailyClaimedRewards(projectId: string, q: Q) {
    const days = this.windowDays(q);
    const e = this.ds.events;
    const cons = this.contractAccounts(projectId, this.chainIndex(q));
    const sums = new Map<number, number>();
    for (const i of this.calls(cons, days)) {
      if (this.ds.actions[e.action[i]!]!.actionType !== 'claim') continue;
      const d = dayOf(e.time[i]!);
      sums.set(d, (sums.get(d) ?? 0) + e.amount[i]!);
    }
    const claimed: Record<string, number> = {};
    for (const d of days) claimed[String(d * SEC_PER_DAY)] = (sums.get(d) ?? 0) / UNITS_PER_TOKEN;
    return { startTime: days[0]! * SEC_PER_DAY, endTime: days[days.length - 1]! * SEC_PER_DAY, claimed_rewards: claimed };
  }

  eventTransferDistribution(projectId: string, q: Q) {
    const days = this.windowDays(q);
    const e = this.ds.events;
    const acc = this.ds.accounts;
    const tr = this.tokenTransfers(this.tokenIndex(projectId, q), this.chainIndex(q));
    const byDay = new Map<number, Map<number, number>>();
    for (const i of tr) {
      const d = dayOf(e.time[i]!);
      const f = e.from[i]!;
      const t = e.to[i]!;
      let con: number | undefined;
      if (this.isHolder(f) && acc.kind[t] === AccountKind.CONTRACT) con = t;
      if (this.isHolder(t) && acc.kind[f] === AccountKind.CONTRACT) con = f;
      if (con === undefined) continue;
      if (!byDay.has(d)) byDay.set(d, new Map());
      const m = byDay.get(d)!;
      m.set(con, (m.get(con) ?? 0) + e.amount[i]!);
    }
    const out: Record<string, Record<string, { name: string; value: number }>> = {};
    for (const d of days) {
      const rows = [...(byDay.get(d) ?? new Map<number, number>())]
        .map(([a, v]) => ({ address: acc.address[a]!, name: acc.label[a]!, v }))
        .sort((x, y) => y.v - x.v || cmpStr(x.address, y.address));
      out[String(d * SEC_PER_DAY)] = Object.fromEntries(rows.map((r) => [r.address, { name: r.name, value: r.v / UNITS_PER_TOKEN }]));
    }
    return out;
  }

  prominentBalance(projectId: string, q: Q) {
    const type = set(q.type) ? q.type! : 'foundation';
    const acc = this.ds.accounts;
    const bal = this.balances(this.tokenTransfers(this.tokenIndex(projectId, q), this.chainIndex(q)));
    const foundation = (a: number) => acc.labelType[a] === 'foundation' && acc.labelProject[a] === projectId;
    const rows: { a: number; v: number }[] = [];
    for (let a = 0; a < acc.count; a++) {
      const v = bal.get(a) ?? 0;
      if (type === 'foundation' && foundation(a)) rows.push({ a, v });
      if (type === 'contract' && acc.kind[a] === AccountKind.CONTRACT && v > 0) rows.push({ a, v });
      if (type === 'wallet' && this.isHolder(a) && !foundation(a) && v > 0) rows.push({ a, v });
    }
    rows.sort((x, y) => y.v - x.v || cmpStr(acc.address[x.a]!, acc.address[y.a]!));
    const out: Record<string, unknown> = {};
    for (const { a, v } of type === 'wallet' ? rows.slice(0, 20) : rows) {
      const id = acc.address[a]!;
      const name = acc.label[a] ?? `${id.slice(0, 6)}…${id.slice(-4)}`;
      if (type === 'contract') {
        const c = this.ds.contracts.find((x) => x.address === id)!;
        out[id] = { id, type: 'contract', projectType: c.projectType, name, value: v / UNITS_PER_TOKEN };
      } else {
        out[id] = { id, type, name, value: v / UNITS_PER_TOKEN };
      }
    }
    return out;
  }

  tokenBalanceDistribution(projectId: string, q: Q) {
    const fwBalance = set(q.fwBalance) ? Number(q.fwBalance) : 10;
    const fwDays = set(q.fwDays) ? Number(q.fwDays) : 30;
    const whale = set(q.whaleBalance) ? Number(q.whaleBalance) : 1_000_000;
    const e = this.ds.events;
    const tr = this.tokenTransfers(this.tokenIndex(projectId, q), this.chainIndex(q));
    const bal = this.balances(tr);
    const lastMove = new Map<number, number>();
    for (const i of tr) {
      lastMove.set(e.from[i]!, dayOf(e.time[i]!));
      lastMove.set(e.to[i]!, dayOf(e.time[i]!));
    }
    const today = dayOf(this.now);
    const out = { whales: 0, normalWallets: 0, forgottenWallets: 0 };
    for (const [a, units] of bal) {
      if (!this.isHolder(a) || units <= 0) continue;
      const v = units / UNITS_PER_TOKEN;
      if (v >= whale) out.whales++;
      else if (v <= fwBalance && today - lastMove.get(a)! >= fwDays) out.forgottenWallets++;
      else out.normalWallets++;
    }
    return out;
  }

  // ---- DApp users ----

  private filteredCalls(projectId: string, q: Q, days: number[]): number[] {
    return this.calls(this.contractAccounts(projectId, this.chainIndex(q), q.dapp || undefined, q.contract || undefined), days);
  }

  dailyUsers(projectId: string, q: Q) {
    const days = this.windowDays(q);
    const e = this.ds.events;
    const calls = this.filteredCalls(projectId, q, days);
    const dailyUsers = days.map((d) => {
      const today = calls.filter((i) => dayOf(e.time[i]!) === d);
      return { timestamp: d * SEC_PER_DAY, numberOfUsers: new Set(today.map((i) => e.from[i]!)).size, numberOfTransactions: today.length };
    });
    return { startTime: days[0]! * SEC_PER_DAY, endTime: days[days.length - 1]! * SEC_PER_DAY, dailyUsers };
  }

  private rank<T extends { id: string; numberOfUsers: number; numberOfTransactions: number }>(rows: T[]): T[] {
    return rows.sort((a, b) => b.numberOfUsers - a.numberOfUsers || b.numberOfTransactions - a.numberOfTransactions || cmpStr(a.id, b.id));
  }

  private actionRows(calls: number[]) {
    const e = this.ds.events;
    const groups = new Map<string, { users: Set<number>; txs: number }>();
    for (const i of calls) {
      const id = this.ds.actions[e.action[i]!]!.id;
      if (!groups.has(id)) groups.set(id, { users: new Set(), txs: 0 });
      const g = groups.get(id)!;
      g.users.add(e.from[i]!);
      g.txs++;
    }
    return [...groups].map(([id, g]) => {
      const a = this.ds.actions.find((x) => x.id === id)!;
      return { id, name: a.name, actionType: a.actionType, numberOfUsers: g.users.size, numberOfTransactions: g.txs };
    });
  }

  dailyActions(projectId: string, q: Q) {
    const days = this.windowDays(q);
    const limit = set(q.limit) ? Number(q.limit) : 10;
    const e = this.ds.events;
    const calls = this.filteredCalls(projectId, q, days);
    return {
      dailyActions: days.map((d) => ({
        timestamp: d * SEC_PER_DAY,
        actions: this.rank(this.actionRows(calls.filter((i) => dayOf(e.time[i]!) === d))).slice(0, limit),
      })),
    };
  }

  private distribution(projectId: string, q: Q, listName: string, keyOf: (i: number) => string, row: (key: string) => Record<string, unknown>) {
    const days = this.windowDays(q);
    const e = this.ds.events;
    const calls = this.filteredCalls(projectId, q, days);
    const groups = new Map<string, { users: Set<number>; txs: number }>();
    for (const i of calls) {
      const k = keyOf(i);
      if (!groups.has(k)) groups.set(k, { users: new Set(), txs: 0 });
      groups.get(k)!.users.add(e.from[i]!);
      groups.get(k)!.txs++;
    }
    const list = this.rank([...groups].map(([k, g]) => ({ id: k, ...row(k), numberOfUsers: g.users.size, numberOfTransactions: g.txs })));
    return {
      startTime: days[0]! * SEC_PER_DAY, endTime: days[days.length - 1]! * SEC_PER_DAY,
      numberOfUsers: new Set(calls.map((i) => e.from[i]!)).size, numberOfTransactions: calls.length, [listName]: list,
    };
  }

  distributionByDapps(projectId: string, q: Q) {
    const e = this.ds.events;
    return this.distribution(projectId, q, 'dapps', (i) => this.ds.contracts.find((c) => c.address === this.ds.accounts.address[e.to[i]!])!.dapp, (id) => {
      const d = this.ds.dapps.find((x) => x.id === id)!;
      return { name: d.name, entity: { id, type: 'dapp', projectType: d.projectType } };
    });
  }

  distributionByContracts(projectId: string, q: Q) {
    const e = this.ds.events;
    return this.distribution(projectId, q, 'contracts', (i) => this.ds.accounts.address[e.to[i]!]!, (id) => {
      const c = this.ds.contracts.find((x) => x.address === id)!;
      return { name: c.name, entity: { id, type: 'contract', projectType: c.projectType } };
    });
  }

  distributionByActions(projectId: string, q: Q) {
    const e = this.ds.events;
    return this.distribution(projectId, q, 'actions', (i) => this.ds.actions[e.action[i]!]!.id, (id) => {
      const a = this.ds.actions.find((x) => x.id === id)!;
      return { name: a.name, actionType: a.actionType, entity: { id, type: 'action', actionType: a.actionType } };
    });
  }

  private overlapUsers(projectId: string, q: Q, others: readonly string[]) {
    const days = this.windowDays(q);
    const e = this.ds.events;
    const mine = new Set(this.filteredCalls(projectId, q, days).map((i) => e.from[i]!));
    return others
      .map((id) => {
        const p = this.project(id);
        const theirs = new Set(this.calls(this.contractAccounts(id, this.chainIndex(q)), days).map((i) => e.from[i]!));
        const n = [...theirs].filter((a) => mine.has(a)).length;
        return { id, name: p.name, numberOfUsers: n, entity: { id, type: 'project', projectType: p.projectType } };
      })
      .sort((a, b) => b.numberOfUsers - a.numberOfUsers || cmpStr(a.id, b.id));
  }

  useCompetitors(projectId: string, q: Q) {
    const days = this.windowDays(q);
    const p = this.project(projectId);
    const chain = this.chainIndex(q);
    const last = days[days.length - 1]!;
    const tvl = (id: string) => {
      const cons = this.contractAccounts(id, chain);
      let usd = 0;
      this.ds.tokens.forEach((t, ti) => {
        if (!t.released || t.priceUsd === 0) return;
        const bal = this.balances(this.tokenTransfers(ti, undefined), last);
        for (const c of cons) usd += ((bal.get(c) ?? 0) / UNITS_PER_TOKEN) * t.priceUsd;
      });
      return Math.round(usd * 100) / 100;
    };
    const rows = [p.id, ...p.competitors].map((id) => ({ id, tvl: tvl(id) }));
    const total = rows.reduce((s, r) => s + r.tvl, 0);
    const marketShare = rows
      .map((r) => {
        const x = this.project(r.id);
        return { id: r.id, name: x.name, tvl: r.tvl, marketShare: total > 0 ? r.tvl / total : 0, projectType: x.projectType, type: 'project' };
      })
      .sort((a, b) => b.tvl - a.tvl || cmpStr(a.id, b.id));
    return {
      startTime: days[0]! * SEC_PER_DAY, endTime: last * SEC_PER_DAY,
      users: this.overlapUsers(projectId, q, p.competitors), marketShare,
    };
  }

  usePartners(projectId: string, q: Q) {
    const days = this.windowDays(q);
    return {
      startTime: days[0]! * SEC_PER_DAY, endTime: days[days.length - 1]! * SEC_PER_DAY,
      users: this.overlapUsers(projectId, q, this.project(projectId).partners),
    };
  }

  // ---- user analytics ----

  retention(projectId: string, q: Q) {
    const range = set(q.timeRange) ? Number(q.timeRange) : 7;
    const unit = set(q.unitTimeRange) ? q.unitTimeRange! : 'day';
    const gap = set(q.timeGap) ? q.timeGap! : 'day';
    const endDate = new Date((set(q.endTime) ? Number(q.endTime) : this.now) * 1000);
    const endDay = Date.UTC(endDate.getUTCFullYear(), endDate.getUTCMonth(), endDate.getUTCDate());
    const addUnits = (ms: number, u: string, n: number) => {
      const d = new Date(ms);
      if (u === 'day') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + n);
      if (u === 'week') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 7 * n);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, d.getUTCDate());
    };
    const startOf = (ms: number, u: string) => {
      const d = new Date(ms);
      if (u === 'day') return ms;
      if (u === 'week') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    };
    const e = this.ds.events;
    const own = this.contractAccounts(projectId, undefined, q.dapp || undefined, q.contract || undefined);
    const firstCall = new Map<number, number>();
    for (const i of this.calls(own)) if (!firstCall.has(e.from[i]!)) firstCall.set(e.from[i]!, e.time[i]! * 1000);
    const names = (q.eventName ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const returnContracts = names.length
      ? new Set(names.flatMap((n) => [...this.contractAccounts(n, undefined)]))
      : own;
    const returnCalls = this.calls(returnContracts);
    const out: Record<string, { total: number; retention: Record<string, number> }> = {};
    const lastStart = startOf(endDay, gap);
    for (let k = range - 1; k >= 0; k--) {
      const cStart = addUnits(lastStart, gap, -k);
      const cEnd = addUnits(cStart, gap, 1);
      const members = new Set([...firstCall].filter(([, t]) => {
        const day = Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), new Date(t).getUTCDate());
        return day >= cStart && day < cEnd && day <= endDay;
      }).map(([a]) => a));
      const retention: Record<string, number> = {};
      for (let n = 1; n <= range; n++) {
        const pStart = addUnits(cEnd, unit, n - 1);
        const pEnd = addUnits(cEnd, unit, n);
        if (pStart > endDay) break;
        const back = new Set<number>();
        for (const i of returnCalls) {
          const t = e.time[i]! * 1000;
          if (t >= pStart && t < pEnd && t < endDay + SEC_PER_DAY * 1000 && members.has(e.from[i]!)) back.add(e.from[i]!);
        }
        retention[String(n)] = back.size;
      }
      out[new Date(cStart).toISOString().slice(0, 10)] = { total: members.size, retention };
    }
    return out;
  }

  private visitDapp(projectId: string, q: Q): string | undefined {
    if (q.dapp) return q.dapp;
    if (q.contract) return this.project(projectId).contracts.find((c) => c.address === q.contract!.toLowerCase())!.dapp;
    return undefined;
  }

  private projectVisits(projectId: string, q: Q): number[] {
    const v = this.ds.visits;
    const pi = this.ds.projects.findIndex((p) => p.id === projectId);
    const dapp = this.visitDapp(projectId, q);
    const di = dapp ? this.ds.dapps.findIndex((d) => d.id === dapp) : -1;
    const out: number[] = [];
    for (let i = 0; i < v.count; i++) if (v.project[i] === pi && (di < 0 || v.dapp[i] === di)) out.push(i);
    return out;
  }

  userInbounce(projectId: string, q: Q) {
    const days = this.windowDays(q);
    const first = days[0]!;
    const last = days[days.length - 1]!;
    const e = this.ds.events;
    const own = this.contractAccounts(projectId, undefined, q.dapp || undefined, q.contract || undefined);
    const firstCall = new Map<number, number>();
    const activeIn = new Set<number>();
    for (const i of this.calls(own)) {
      const a = e.from[i]!;
      const d = dayOf(e.time[i]!);
      if (!firstCall.has(a)) firstCall.set(a, d);
      if (d >= first && d <= last) activeIn.add(a);
    }
    const wallet = { new: 0, return: 0 };
    for (const a of activeIn) {
      if (firstCall.get(a)! >= first) wallet.new++;
      else wallet.return++;
    }
    const v = this.ds.visits;
    const firstVisit = new Map<number, number>();
    const visitorsIn = new Set<number>();
    for (const i of this.projectVisits(projectId, q)) {
      const d = dayOf(v.time[i]!);
      if (!firstVisit.has(v.visitor[i]!)) firstVisit.set(v.visitor[i]!, d);
      if (d >= first && d <= last) visitorsIn.add(v.visitor[i]!);
    }
    const visitor = { new: 0, return: 0 };
    for (const x of visitorsIn) {
      if (firstVisit.get(x)! >= first) visitor.new++;
      else visitor.return++;
    }
    return { wallet, visitor };
  }

  private windowVisits(projectId: string, q: Q, days: number[]): number[] {
    const v = this.ds.visits;
    return this.projectVisits(projectId, q).filter((i) => dayOf(v.time[i]!) >= days[0]! && dayOf(v.time[i]!) <= days[days.length - 1]!);
  }

  distributionByCountries(projectId: string, q: Q) {
    const days = this.windowDays({});
    const v = this.ds.visits;
    const visits = this.windowVisits(projectId, q, days);
    const rows = COUNTRIES.map((name, c) => {
      const here = visits.filter((i) => v.country[i] === c);
      return {
        name,
        data: {
          visitor: new Set(here.map((i) => v.visitor[i]!)).size,
          wallet: new Set(here.filter((i) => v.wallet[i]! >= 0).map((i) => v.wallet[i]!)).size,
        },
      };
    });
    return {
      visitors: new Set(visits.map((i) => v.visitor[i]!)).size,
      wallets: new Set(visits.filter((i) => v.wallet[i]! >= 0).map((i) => v.wallet[i]!)).size,
      topCountry: rows
        .filter((r) => r.data.visitor > 0 || r.data.wallet > 0)
        .sort((a, b) => b.data.visitor - a.data.visitor || b.data.wallet - a.data.wallet || cmpStr(a.name, b.name))
        .slice(0, 10),
    };
  }

  trafficShare(projectId: string, q: Q) {
    const days = this.windowDays(q);
    const limit = set(q.limit) ? Number(q.limit) : 10;
    const p = this.project(projectId);
    const v = this.ds.visits;
    const visits = this.windowVisits(projectId, {}, days);
    const titles = (i: number) => [
      SOURCES[v.source[i]!]!,
      p.sites[v.site[i]!]!,
      WALLET_APPS[v.walletApp[i]!]!,
      v.dapp[i] === 255 ? 'No DApp' : this.ds.dapps[v.dapp[i]!]!.name,
    ];
    const total = new Set(visits.map((i) => v.visitor[i]!)).size;
    const layers = [0, 1, 2, 3].map((l) => {
      const m = new Map<string, Set<number>>();
      for (const i of visits) {
        const t = titles(i)[l]!;
        if (!m.has(t)) m.set(t, new Set());
        m.get(t)!.add(v.visitor[i]!);
      }
      return [...m]
        .map(([title, s]) => ({ title, users: s.size, ratio: total ? s.size / total : 0 }))
        .sort((a, b) => b.users - a.users || cmpStr(a.title, b.title))
        .slice(0, limit);
    });
    const flows = [0, 1, 2].map((l) => {
      const left = new Set(layers[l]!.map((x) => x.title));
      const right = new Set(layers[l + 1]!.map((x) => x.title));
      const m = new Map<string, Set<number>>();
      for (const i of visits) {
        const t = titles(i);
        if (!left.has(t[l]!) || !right.has(t[l + 1]!)) continue;
        const k = `${t[l]}\u0000${t[l + 1]}`;
        if (!m.has(k)) m.set(k, new Set());
        m.get(k)!.add(v.visitor[i]!);
      }
      return [...m]
        .map(([k, s]) => ({ startAction: k.split('\u0000')[0]!, endAction: k.split('\u0000')[1]!, users: s.size }))
        .sort((a, b) => b.users - a.users || cmpStr(a.startAction, b.startAction) || cmpStr(a.endAction, b.endAction));
    });
    return { layers, flows };
  }

  /** By catalog operation id: each has its method above, named after it (a new one does not compile without). */
  compute(opId: DataOperationId, projectId: string, q: Q): unknown {
    return this[opId](projectId, q);
  }
}
