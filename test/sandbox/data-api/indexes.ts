/**
 * Indexes over the raw event columns, built lazily on first use and kept for
 * the dataset's lifetime: event lists per project / token (time-ordered, with
 * per-day offsets), per-token daily holder statistics from a replay of the
 * transfers, and first-interaction days. All derived from the events.
 */
import {
  AccountKind, ACTION_LIST, DAPPS, EventKind, TOKENS, type ContractMeta, type Dataset,
} from '../dataset/index.ts';

/** Event (or visit) indices of one group, time-ordered, with where each relative day starts. */
export interface DayList {
  readonly idx: Uint32Array;
  /** dayStart[d]..dayStart[d+1] are the entries of relative day d; length days + 1. */
  readonly dayStart: Uint32Array;
}

/** Stamp-based membership marks: next() starts a fresh set without clearing. */
export class Marks {
  arr: Uint32Array;
  private stamp = 0;
  constructor(size: number) {
    this.arr = new Uint32Array(size);
  }
  /** A fresh set over at least `size` slots. */
  fresh(size: number): number {
    if (size > this.arr.length) {
      this.arr = new Uint32Array(Math.max(size, this.arr.length * 2));
      this.stamp = 0;
    }
    if (this.stamp >= 0xfffffff0) {
      this.arr.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }
  /** Marks slot i with stamp s; true when it was not marked yet. */
  add(i: number, s: number): boolean {
    if (this.arr[i] === s) return false;
    this.arr[i] = s;
    return true;
  }
  has(i: number, s: number): boolean {
    return this.arr[i] === s;
  }
}

export interface HolderStats {
  /** Chains (CHAINS indexes) the token moved on; slot k of the arrays below; the last slot is "all chains". */
  readonly chains: readonly number[];
  /** Per slot, per relative day: distinct holder accounts that sent or received the token. */
  readonly active: readonly Int32Array[];
  /** Per slot, per relative day: holder accounts receiving the token for the first time. */
  readonly fresh: readonly Int32Array[];
  /** Per slot, per relative day: holder accounts with a positive balance at the end of the day. */
  readonly holders: readonly Int32Array[];
  /** Per slot: final balance per account (units). */
  readonly balance: readonly Float64Array[];
  /** Per slot: relative day of the account's last transfer of the token, -1 when none. */
  readonly lastMove: readonly Int32Array[];
  /** End-of-day balance of every contract: [day * contracts + contractIndex] (units). */
  readonly contractBalance: Float64Array;
}

export class DataIndex {
  readonly ds: Dataset;
  /** For every account: CONTRACTS index or -1; project (ALL_PROJECTS index), DApp (DAPPS index), chain. */
  readonly contractOf: Int32Array;
  readonly projectOfAccount: Int16Array;
  readonly dappOfAccount: Int16Array;
  readonly holder: Uint8Array;
  /** Project id -> ALL_PROJECTS index; DApp id -> DAPPS index; contract -> CONTRACTS index. */
  readonly projectIndex: ReadonlyMap<string, number>;
  readonly dappIndex: ReadonlyMap<string, number>;
  readonly contractIndex: ReadonlyMap<ContractMeta, number>;
  /** ACTION_LIST index -> index into `actionGroups` (actions grouped by selector). */
  readonly actionGroupOf: Int32Array;
  readonly actionGroups: readonly { id: string; name: string; actionType: string }[];
  readonly claimAction: Uint8Array;
  readonly marks: Marks;
  readonly groupMarks: Marks;

  private callLists?: DayList[];
  private transferLists?: DayList[];
  private visitLists?: DayList[];
  private readonly holderCache = new Map<number, HolderStats>();
  private readonly firstCallCache = new Map<string, Int32Array>();
  private readonly firstVisitCache = new Map<string, Int32Array>();

  constructor(ds: Dataset) {
    this.ds = ds;
    const A = ds.accounts.count;
    this.contractOf = ds.accounts.contract;
    this.projectOfAccount = new Int16Array(A).fill(-1);
    this.dappOfAccount = new Int16Array(A).fill(-1);
    this.holder = new Uint8Array(A);
    const projIdx = new Map(ds.projects.map((p, i) => [p.id, i]));
    const dappIdx = new Map(DAPPS.map((d, i) => [d.id, i]));
    this.projectIndex = projIdx;
    this.dappIndex = dappIdx;
    this.contractIndex = new Map(ds.contracts.map((c, i) => [c, i]));
    for (let a = 0; a < A; a++) {
      const k = ds.accounts.kind[a];
      this.holder[a] = k === AccountKind.WALLET || k === AccountKind.LABELLED ? 1 : 0;
      const ci = this.contractOf[a]!;
      if (ci >= 0) {
        const c = ds.contracts[ci]!;
        this.projectOfAccount[a] = projIdx.get(c.project)!;
        this.dappOfAccount[a] = dappIdx.get(c.dapp)!;
      }
    }
    const groups: { id: string; name: string; actionType: string }[] = [];
    const gi = new Map<string, number>();
    this.actionGroupOf = new Int32Array(ACTION_LIST.length);
    this.claimAction = new Uint8Array(256);
    ACTION_LIST.forEach((a, i) => {
      let g = gi.get(a.id);
      if (g === undefined) {
        g = groups.length;
        gi.set(a.id, g);
        groups.push({ id: a.id, name: a.name, actionType: a.actionType });
      }
      this.actionGroupOf[i] = g;
      if (a.actionType === 'claim') this.claimAction[i] = 1;
    });
    this.actionGroups = groups;
    this.marks = new Marks(A);
    this.groupMarks = new Marks(A * 4);
  }

  get days(): number {
    return this.ds.days;
  }

  /** Calls to each project's contracts (by ALL_PROJECTS index). */
  calls(project: number): DayList {
    if (!this.callLists) {
      const { kind, to } = this.ds.events;
      this.callLists = this.group(this.ds.projects.length, this.ds.eventDayStart, (i) =>
        kind[i] === EventKind.CALL ? this.projectOfAccount[to[i]!]! : -1);
    }
    return this.callLists[project]!;
  }

  /** Transfers of each token (by TOKENS index). */
  transfers(token: number): DayList {
    if (!this.transferLists) {
      const { kind, token: tok } = this.ds.events;
      this.transferLists = this.group(TOKENS.length, this.ds.eventDayStart, (i) =>
        kind[i] === EventKind.TRANSFER ? tok[i]! : -1);
    }
    return this.transferLists[token]!;
  }

  /** Web visits of each project (by ALL_PROJECTS index). */
  visits(project: number): DayList {
    if (!this.visitLists) {
      const { project: vp } = this.ds.visits;
      this.visitLists = this.group(this.ds.projects.length, this.ds.visitDayStart, (i) => vp[i]!);
    }
    return this.visitLists[project]!;
  }

  private group(n: number, dayStart: Uint32Array, key: (i: number) => number): DayList[] {
    const D = this.ds.days;
    const total = dayStart[D]!;
    const keys = new Int16Array(total);
    const counts = new Uint32Array(n);
    for (let i = 0; i < total; i++) {
      const k = key(i);
      keys[i] = k;
      if (k >= 0) counts[k]!++;
    }
    const lists = Array.from({ length: n }, (_, g) => ({ idx: new Uint32Array(counts[g]!), dayStart: new Uint32Array(D + 1) }));
    const fill = new Uint32Array(n);
    for (let d = 0; d < D; d++) {
      for (let g = 0; g < n; g++) lists[g]!.dayStart[d] = fill[g]!;
      for (let i = dayStart[d]!; i < dayStart[d + 1]!; i++) {
        const k = keys[i]!;
        if (k >= 0) lists[k]!.idx[fill[k]!++] = i;
      }
    }
    for (let g = 0; g < n; g++) lists[g]!.dayStart[D] = fill[g]!;
    return lists;
  }

  /** Replays the token's transfers day by day. */
  holderStats(token: number): HolderStats {
    const cached = this.holderCache.get(token);
    if (cached) return cached;
    const ds = this.ds;
    const D = ds.days;
    const A = ds.accounts.count;
    const chains = ds.chains
      .map((c, i) => (TOKENS[token]!.deployments.some((d) => d.chainId === c.id) ? i : -1))
      .filter((i) => i >= 0);
    const S = chains.length + 1;
    const ALL = chains.length;
    const slotOfChain = new Int32Array(ds.chains.length).fill(-1);
    chains.forEach((c, k) => (slotOfChain[c] = k));
    const active = Array.from({ length: S }, () => new Int32Array(D));
    const fresh = Array.from({ length: S }, () => new Int32Array(D));
    const holders = Array.from({ length: S }, () => new Int32Array(D));
    const balance = Array.from({ length: S }, () => new Float64Array(A));
    const lastMove = Array.from({ length: S }, () => new Int32Array(A).fill(-1));
    const received = Array.from({ length: S }, () => new Uint8Array(A));
    const seenDay = Array.from({ length: S }, () => new Int32Array(A).fill(-1));
    const holderCount = new Int32Array(S);
    const NCON = ds.contracts.length;
    const contractBalance = new Float64Array(D * NCON);
    const conBal = new Float64Array(NCON);
    const { chain, from, to, amount } = ds.events;
    const list = this.transfers(token);
    const holder = this.holder;
    const contractOf = this.contractOf;

    const move = (slot: number, acc: number, delta: number, d: number, incoming: boolean) => {
      const b = balance[slot]!;
      const before = b[acc]!;
      const after = before + delta;
      b[acc] = after;
      if (!holder[acc]) return;
      if (before <= 0 && after > 0) holderCount[slot]!++;
      else if (before > 0 && after <= 0) holderCount[slot]!--;
      lastMove[slot]![acc] = d;
      if (seenDay[slot]![acc] !== d) {
        seenDay[slot]![acc] = d;
        active[slot]![d]!++;
      }
      if (incoming && !received[slot]![acc]) {
        received[slot]![acc] = 1;
        fresh[slot]![d]!++;
      }
    };

    for (let d = 0; d < D; d++) {
      for (let j = list.dayStart[d]!; j < list.dayStart[d + 1]!; j++) {
        const i = list.idx[j]!;
        const slot = slotOfChain[chain[i]!]!;
        const f = from[i]!;
        const r = to[i]!;
        const u = amount[i]!;
        move(slot, f, -u, d, false);
        move(slot, r, u, d, true);
        move(ALL, f, -u, d, false);
        move(ALL, r, u, d, true);
        const cf = contractOf[f]!;
        const cr = contractOf[r]!;
        if (cf >= 0) conBal[cf]! -= u;
        if (cr >= 0) conBal[cr]! += u;
      }
      for (let s = 0; s < S; s++) holders[s]![d] = holderCount[s]!;
      contractBalance.set(conBal, d * NCON);
    }
    // the null account mints: its balance is meaningless
    for (let s = 0; s < S; s++) balance[s]![0] = 0;
    const stats: HolderStats = { chains, active, fresh, holders, balance, lastMove, contractBalance };
    this.holderCache.set(token, stats);
    return stats;
  }

  /**
   * Relative day of each account's first call matching the filter (any chain), -1 when none.
   * `contracts` = set of allowed contract accounts (undefined: all of the project).
   */
  firstCallDay(project: number, key: string, accept: (contractAccount: number) => boolean): Int32Array {
    const k = `${project}|${key}`;
    const cached = this.firstCallCache.get(k);
    if (cached) return cached;
    const out = new Int32Array(this.ds.accounts.count).fill(-1);
    const list = this.calls(project);
    const { from, to } = this.ds.events;
    for (let d = 0; d < this.ds.days; d++) {
      for (let j = list.dayStart[d]!; j < list.dayStart[d + 1]!; j++) {
        const i = list.idx[j]!;
        const f = from[i]!;
        if (out[f] === -1 && accept(to[i]!)) out[f] = d;
      }
    }
    this.firstCallCache.set(k, out);
    return out;
  }

  /** Relative day of each visitor's first visit to the project matching the DApp filter, -1 when none. */
  firstVisitDay(project: number, dapp: number): Int32Array {
    const k = `${project}|${dapp}`;
    const cached = this.firstVisitCache.get(k);
    if (cached) return cached;
    const out = new Int32Array(this.ds.accounts.count + this.ds.anonymousVisitors).fill(-1);
    const list = this.visits(project);
    const { visitor, dapp: vd } = this.ds.visits;
    for (let d = 0; d < this.ds.days; d++) {
      for (let j = list.dayStart[d]!; j < list.dayStart[d + 1]!; j++) {
        const i = list.idx[j]!;
        if (dapp >= 0 && vd[i] !== dapp) continue;
        const v = visitor[i]!;
        if (out[v] === -1) out[v] = d;
      }
    }
    this.firstVisitCache.set(k, out);
    return out;
  }
}
