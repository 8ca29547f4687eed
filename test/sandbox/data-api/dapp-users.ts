/** DApp-user endpoints (docs/service.md), computed from the contract-call events. */
import { DAY, TOKENS, UNITS_PER_TOKEN } from '../dataset/index.ts';
import type { DataIndex } from './indexes.ts';
import { envelope, type ComputeTable, type Query } from './query.ts';

/** Per contract account: does a call to it match the query's chain / DApp / contract filters? */
function contractFilter(ix: DataIndex, q: Query, projectIndex = q.projectIndex): Uint8Array {
  const ok = new Uint8Array(ix.ds.accounts.count);
  const p = ix.ds.projects[projectIndex]!;
  for (const c of p.contracts) {
    if (q.chain >= 0 && c.chainId !== ix.ds.chains[q.chain]!.id) continue;
    if (projectIndex === q.projectIndex) {
      if (q.dapp && c.dapp !== q.dapp.id) continue;
      if (q.contract && c.address !== q.contract.address) continue;
    }
    ok[ix.ds.accountIndex(c.address)!] = 1;
  }
  return ok;
}

/** Calls of the project in the query window that pass the filters: visit(i) per event index. */
function eachCall(ix: DataIndex, q: Query, visit: (i: number, rel: number) => void, projectIndex = q.projectIndex): void {
  const w = q.window!;
  const ok = contractFilter(ix, q, projectIndex);
  const list = ix.calls(projectIndex);
  const to = ix.ds.events.to;
  const lo = Math.max(0, w.first - ix.ds.firstDay);
  const hi = Math.min(ix.days - 1, w.last - ix.ds.firstDay);
  for (let rel = lo; rel <= hi; rel++) {
    for (let j = list.dayStart[rel]!; j < list.dayStart[rel + 1]!; j++) {
      const i = list.idx[j]!;
      if (ok[to[i]!]) visit(i, rel);
    }
  }
}

export function dailyUsers(ix: DataIndex, q: Query) {
  const w = q.window!;
  const n = w.last - w.first + 1;
  const users = new Int32Array(n);
  const txs = new Int32Array(n);
  const from = ix.ds.events.from;
  const off = ix.ds.firstDay - w.first;
  let stamp = 0;
  let stampRel = -1;
  eachCall(ix, q, (i, rel) => {
    if (rel !== stampRel) {
      stamp = ix.marks.fresh(ix.ds.accounts.count);
      stampRel = rel;
    }
    const k = rel + off;
    txs[k]!++;
    if (ix.marks.add(from[i]!, stamp)) users[k]!++;
  });
  const dailyUsers = [];
  for (let k = 0; k < n; k++) {
    dailyUsers.push({ timestamp: (w.first + k) * DAY, numberOfUsers: users[k]!, numberOfTransactions: txs[k]! });
  }
  return { ...envelope(q), dailyUsers };
}

interface Tally {
  users: number;
  txs: number;
}

/** Distinct users and transactions per group over the window (or per day when byDay). */
function tallyBy(ix: DataIndex, q: Query, groupOf: (i: number) => number, groups: number) {
  const A = ix.ds.accounts.count;
  const from = ix.ds.events.from;
  const tallies: Tally[] = Array.from({ length: groups }, () => ({ users: 0, txs: 0 }));
  const total: Tally = { users: 0, txs: 0 };
  const gs = ix.groupMarks.fresh(A * groups);
  const ts = ix.marks.fresh(A);
  eachCall(ix, q, (i) => {
    const g = groupOf(i);
    const f = from[i]!;
    tallies[g]!.txs++;
    total.txs++;
    if (ix.groupMarks.add(f * groups + g, gs)) tallies[g]!.users++;
    if (ix.marks.add(f, ts)) total.users++;
  });
  return { tallies, total };
}

const byUsers = <T extends { id: string; numberOfUsers: number; numberOfTransactions: number }>(a: T, b: T) =>
  b.numberOfUsers - a.numberOfUsers || b.numberOfTransactions - a.numberOfTransactions || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function dailyActions(ix: DataIndex, q: Query) {
  const w = q.window!;
  const G = ix.actionGroups.length;
  const A = ix.ds.accounts.count;
  const { from, action } = ix.ds.events;
  const n = w.last - w.first + 1;
  const users = new Int32Array(n * G);
  const txs = new Int32Array(n * G);
  const off = ix.ds.firstDay - w.first;
  let stamp = 0;
  let stampRel = -1;
  eachCall(ix, q, (i, rel) => {
    if (rel !== stampRel) {
      stamp = ix.groupMarks.fresh(A * G);
      stampRel = rel;
    }
    const g = ix.actionGroupOf[action[i]!]!;
    const k = (rel + off) * G + g;
    txs[k]!++;
    if (ix.groupMarks.add(from[i]! * G + g, stamp)) users[k]!++;
  });
  const dailyActions = [];
  for (let d = 0; d < n; d++) {
    const actions = [];
    for (let g = 0; g < G; g++) {
      const k = d * G + g;
      if (txs[k] === 0) continue;
      const a = ix.actionGroups[g]!;
      actions.push({ id: a.id, name: a.name, actionType: a.actionType, numberOfUsers: users[k]!, numberOfTransactions: txs[k]! });
    }
    actions.sort(byUsers);
    dailyActions.push({ timestamp: (w.first + d) * DAY, actions: actions.slice(0, q.limit) });
  }
  return { dailyActions };
}

export function distributionByDapps(ix: DataIndex, q: Query) {
  const dapps = q.project.dapps;
  const local = new Int32Array(ix.ds.dapps.length).fill(-1);
  dapps.forEach((d, k) => (local[ix.dappIndex.get(d.id)!] = k));
  const to = ix.ds.events.to;
  const { tallies, total } = tallyBy(ix, q, (i) => local[ix.dappOfAccount[to[i]!]!]!, dapps.length);
  const list = dapps
    .map((d, k) => ({
      id: d.id, name: d.name, numberOfUsers: tallies[k]!.users, numberOfTransactions: tallies[k]!.txs,
      entity: { id: d.id, type: 'dapp', projectType: d.projectType },
    }))
    .filter((x) => x.numberOfTransactions > 0)
    .sort(byUsers);
  return { ...envelope(q), numberOfUsers: total.users, numberOfTransactions: total.txs, dapps: list };
}

export function distributionByContracts(ix: DataIndex, q: Query) {
  const contracts = q.project.contracts;
  const local = new Int32Array(ix.ds.contracts.length).fill(-1);
  contracts.forEach((c, k) => (local[ix.contractIndex.get(c) ?? -1] = k));
  const to = ix.ds.events.to;
  const { tallies, total } = tallyBy(ix, q, (i) => local[ix.contractOf[to[i]!]!]!, contracts.length);
  const list = contracts
    .map((c, k) => ({
      id: c.address, name: c.name, numberOfUsers: tallies[k]!.users, numberOfTransactions: tallies[k]!.txs,
      entity: { id: c.address, type: 'contract', projectType: c.projectType },
    }))
    .filter((x) => x.numberOfTransactions > 0)
    .sort(byUsers);
  return { ...envelope(q), numberOfUsers: total.users, numberOfTransactions: total.txs, contracts: list };
}

export function distributionByActions(ix: DataIndex, q: Query) {
  const G = ix.actionGroups.length;
  const action = ix.ds.events.action;
  const { tallies, total } = tallyBy(ix, q, (i) => ix.actionGroupOf[action[i]!]!, G);
  const list = ix.actionGroups
    .map((a, g) => ({
      id: a.id, name: a.name, actionType: a.actionType,
      numberOfUsers: tallies[g]!.users, numberOfTransactions: tallies[g]!.txs,
      entity: { id: a.id, type: 'action', actionType: a.actionType },
    }))
    .filter((x) => x.numberOfTransactions > 0)
    .sort(byUsers);
  return { ...envelope(q), numberOfUsers: total.users, numberOfTransactions: total.txs, actions: list };
}

/** Users of the project (with the query's filters) who also called each of the other projects in the window. */
function overlap(ix: DataIndex, q: Query, others: readonly string[]) {
  const A = ix.ds.accounts.count;
  const from = ix.ds.events.from;
  const mine = new Uint8Array(A);
  eachCall(ix, q, (i) => {
    mine[from[i]!] = 1;
  });
  const users = [];
  for (const id of others) {
    const pi = ix.projectIndex.get(id) ?? -1;
    const p = ix.ds.projects[pi]!;
    const s = ix.marks.fresh(A);
    let n = 0;
    eachCall(ix, q, (i) => {
      const f = from[i]!;
      if (mine[f] && ix.marks.add(f, s)) n++;
    }, pi);
    users.push({ id: p.id, name: p.name, numberOfUsers: n, entity: { id: p.id, type: 'project', projectType: p.projectType } });
  }
  users.sort((a, b) => b.numberOfUsers - a.numberOfUsers || (a.id < b.id ? -1 : 1));
  return users;
}

/** Total value locked in a project's contracts at the end of the window's last day (USD, token prices of the dataset). */
export function tvlUsd(ix: DataIndex, projectIndex: number, lastDay: number, chain: number): number {
  const rel = Math.min(lastDay - ix.ds.firstDay, ix.days - 1);
  if (rel < 0) return 0;
  const NCON = ix.ds.contracts.length;
  const p = ix.ds.projects[projectIndex]!;
  let usd = 0;
  TOKENS.forEach((t, ti) => {
    if (!t.released || t.priceUsd === 0) return;
    const snap = ix.holderStats(ti).contractBalance;
    for (const c of p.contracts) {
      if (chain >= 0 && c.chainId !== ix.ds.chains[chain]!.id) continue;
      const ci = ix.contractIndex.get(c) ?? -1;
      usd += (snap[rel * NCON + ci]! / UNITS_PER_TOKEN) * t.priceUsd;
    }
  });
  return Math.round(usd * 100) / 100;
}

export function useCompetitors(ix: DataIndex, q: Query) {
  const users = overlap(ix, q, q.project.competitors);
  const ids = [q.project.id, ...q.project.competitors];
  const rows = ids.map((id) => {
    const pi = ix.projectIndex.get(id) ?? -1;
    const p = ix.ds.projects[pi]!;
    return { id, name: p.name, tvl: tvlUsd(ix, pi, q.window!.last, q.chain), projectType: p.projectType, type: 'project' };
  });
  const total = rows.reduce((s, r) => s + r.tvl, 0);
  const marketShare = rows
    .map((r) => ({ id: r.id, name: r.name, tvl: r.tvl, marketShare: total > 0 ? r.tvl / total : 0, projectType: r.projectType, type: r.type }))
    .sort((a, b) => b.tvl - a.tvl || (a.id < b.id ? -1 : 1));
  return { ...envelope(q), users, marketShare };
}

export function usePartners(ix: DataIndex, q: Query) {
  return { ...envelope(q), users: overlap(ix, q, q.project.partners) };
}

export const dappUsersAnswers = {
  dailyUsers, dailyActions, distributionByDapps, distributionByContracts, distributionByActions, useCompetitors, usePartners,
} satisfies ComputeTable<'dapp-users'>;
