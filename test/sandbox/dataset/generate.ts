/**
 * The dataset generator: raw, on-chain-like events (token transfers and
 * contract calls) and web-analytics visits, deterministic from a seed and an
 * anchor date. It simulates wallets with varied behaviour against the
 * contracts of projects.ts, keeping balances and positions so that every
 * transfer is one a real chain would accept (no balance ever goes negative).
 *
 * Storage is columnar (typed arrays), events sorted by time, and the generator
 * records where each UTC day starts. Nothing here aggregates: the data API
 * computes every number from these columns.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { Rng } from './prng.ts';
import {
  ACTIONS, ALL_PROJECTS, CHAINS, CONTRACTS, DAPPS, MARKET_WALLETS, NULL_ADDRESS, TOKENS,
  type ActionKey, type Address, type ContractMeta, type ProjectMeta,
} from './projects.ts';

export const DAY = 86_400;
/** Amounts are stored as integers of 1/100 token, so sums are exact; divide by this for token units. */
export const UNITS_PER_TOKEN = 100;

export const EventKind = { TRANSFER: 0, CALL: 1 } as const;
export const AccountKind = { WALLET: 0, LABELLED: 1, CONTRACT: 2, NULL: 3 } as const;
/** Marks "none" in the Uint8 token/action/dapp columns. */
export const NONE8 = 255;

export const ACTION_KEYS = Object.keys(ACTIONS) as ActionKey[];
const ACTION_INDEX = new Map<ActionKey, number>(ACTION_KEYS.map((k, i) => [k, i]));

export const COUNTRIES = [
  'United States', 'Vietnam', 'India', 'Germany', 'United Kingdom', 'Nigeria', 'Turkey', 'Brazil',
  'Indonesia', 'South Korea', 'Japan', 'Philippines', 'France', 'Canada', 'Singapore', 'Argentina',
] as const;
const COUNTRY_WEIGHTS = [18, 12, 10, 6, 6, 5, 5, 5, 5, 4, 4, 4, 3, 3, 2, 2];
const COUNTRY_TOTAL = COUNTRY_WEIGHTS.reduce((a, b) => a + b, 0);
export const SOURCES = [
  'twitter.com', 'google.com', 'Direct', 'discord.com', 't.me', 'coingecko.com', 'reddit.com', 'youtube.com',
  'medium.com', 'dexscreener.com', 'github.com', 'linkedin.com',
] as const;
const SOURCE_WEIGHTS = [22, 18, 16, 10, 9, 7, 5, 4, 3, 3, 2, 1];
/** Index 0 means the visit connected no wallet. */
export const WALLET_APPS = ['Not connected', 'MetaMask', 'WalletConnect', 'Coinbase Wallet', 'Rabby', 'Trust Wallet'] as const;
const WALLET_APP_WEIGHTS = [0, 45, 20, 15, 10, 10];

export const Archetype = {
  REGULAR: 0, OCCASIONAL: 1, ONE_OFF: 2, DORMANT: 3, WHALE: 4, BOT: 5,
} as const;

export interface EventColumns {
  readonly count: number;
  /** Unix seconds, non-decreasing. */
  readonly time: Uint32Array;
  /** EventKind. */
  readonly kind: Uint8Array;
  /** Index into CHAINS. */
  readonly chain: Uint8Array;
  /** Account index: the sender of a transfer, the caller of a call. */
  readonly from: Uint32Array;
  /** Account index: the receiver of a transfer, the called contract of a call. */
  readonly to: Uint32Array;
  /** Transfers: index into TOKENS. Calls: NONE8, or the token a claim paid out. */
  readonly token: Uint8Array;
  /** Calls: index into ACTION_KEYS. Transfers: NONE8. */
  readonly action: Uint8Array;
  /** Integer units (UNITS_PER_TOKEN per token): transfers' amount, a claim's claimed amount, else 0. */
  readonly amount: Float64Array;
  /** Calls: the account a call acts on (the borrower a liquidation liquidates), else -1. */
  readonly subject: Int32Array;
}

export interface VisitColumns {
  readonly count: number;
  readonly time: Uint32Array;
  /** Index into ALL_PROJECTS. */
  readonly project: Uint8Array;
  /** Visitor id: a wallet owner's visitor id is its account index; anonymous visitors come after the accounts. */
  readonly visitor: Uint32Array;
  /** Index into COUNTRIES. */
  readonly country: Uint8Array;
  /** Index into SOURCES. */
  readonly source: Uint8Array;
  /** Index into the project's sites. */
  readonly site: Uint8Array;
  /** Index into WALLET_APPS; 0 = no wallet connected. */
  readonly walletApp: Uint8Array;
  /** Account index of the connected wallet, or -1. */
  readonly wallet: Int32Array;
  /** Index into DAPPS of the DApp the visit reached, or NONE8. */
  readonly dapp: Uint8Array;
}

export interface AccountTable {
  readonly count: number;
  readonly address: readonly Address[];
  readonly kind: Uint8Array;
  /** The address-book name, when labelled. */
  readonly label: readonly (string | undefined)[];
  /** For contracts: index into CONTRACTS, else -1. */
  readonly contract: Int32Array;
  /** Labelled wallets: 'foundation' or 'wallet'; else undefined. */
  readonly labelType: readonly ('foundation' | 'wallet' | undefined)[];
  /** Labelled foundation wallets: the project id. */
  readonly labelProject: readonly (string | undefined)[];
  /** Index of the first population wallet; population wallets run to the end. */
  readonly firstWallet: number;
  /** Behaviour archetype of population wallets (Archetype), NONE8 for others. */
  readonly archetype: Uint8Array;
}

export interface GeneratedDemoWallet {
  readonly label: string;
  readonly account: number;
  readonly address: Address;
  readonly privateKey: `0x${string}`;
}

export interface GenerateOptions {
  readonly seed?: number | string;
  /** The dataset's "now": its last event is before it. Default: the current time. */
  readonly anchor?: Date | number | string;
  /** Multiplies the wallet population (and so the event count). Default 1 (60,000 wallets). */
  readonly scale?: number;
  /** Days of history, default 200. */
  readonly days?: number;
}

export interface GeneratedData {
  readonly seed: string;
  /** Unix seconds. */
  readonly anchor: number;
  /** True when the anchor was given rather than taken from the clock. */
  readonly anchorPinned: boolean;
  readonly days: number;
  /** Day number (Unix seconds / 86400) of the first day. */
  readonly firstDay: number;
  readonly accounts: AccountTable;
  readonly events: EventColumns;
  readonly visits: VisitColumns;
  /** dayStart[i] = index of the first event of day firstDay+i; length days+1. */
  readonly eventDayStart: Uint32Array;
  readonly visitDayStart: Uint32Array;
  readonly demo: readonly GeneratedDemoWallet[];
  /** Number of anonymous visitor ids (after the account indexes). */
  readonly anonymousVisitors: number;
}

// ---- growable columns ----

class Grow {
  cap: number;
  n = 0;
  cols: (Uint32Array | Uint8Array | Float64Array | Int32Array)[];
  constructor(
    private readonly makers: (new (n: number) => Uint32Array | Uint8Array | Float64Array | Int32Array)[],
    cap: number,
  ) {
    this.cap = cap;
    this.cols = makers.map((M) => new M(cap));
  }
  reserve(): number {
    if (this.n === this.cap) {
      this.cap *= 2;
      this.cols = this.cols.map((c, i) => {
        const M = this.makers[i]!;
        const next = new M(this.cap);
        next.set(c as never);
        return next;
      });
    }
    return this.n++;
  }
  finish<T>(): T[] {
    return this.cols.map((c) => c.slice(0, this.n) as unknown as T);
  }
}

function parseAnchor(anchor: Date | number | string | undefined): { sec: number; pinned: boolean } {
  if (anchor === undefined) return { sec: Math.floor(Date.now() / 1000), pinned: false };
  let ms: number;
  if (anchor instanceof Date) ms = anchor.getTime();
  else if (typeof anchor === 'number') ms = anchor < 1e11 ? anchor * 1000 : anchor;
  else if (/^\d+$/.test(anchor)) ms = Number(anchor) < 1e11 ? Number(anchor) * 1000 : Number(anchor);
  else ms = Date.parse(anchor);
  if (!Number.isFinite(ms)) throw new Error(`Invalid anchor date: ${String(anchor)}`);
  return { sec: Math.floor(ms / 1000), pinned: true };
}

/** n sorted integer times in [lo, hi), in O(n). */
function sortedTimes(rng: Rng, n: number, lo: number, hi: number, out: Uint32Array, offset: number): void {
  if (n === 0) return;
  const gaps = new Float64Array(n + 1);
  let total = 0;
  for (let i = 0; i <= n; i++) {
    const g = rng.exp();
    gaps[i] = g;
    total += g;
  }
  const span = hi - lo;
  let acc = 0;
  for (let i = 0; i < n; i++) {
    acc += gaps[i]!;
    const t = lo + Math.floor((acc / total) * span);
    out[offset + i] = Math.min(t, hi - 1);
  }
}

const ROLE_NEEDS_POSITION = new Set(['router', 'lending', 'staking', 'perps', 'vault']);

export function generate(opts: GenerateOptions = {}): GeneratedData {
  const seed = String(opts.seed ?? 'vantage');
  const { sec: anchor, pinned } = parseAnchor(opts.anchor);
  const scale = opts.scale ?? 1;
  const D = Math.max(2, Math.floor(opts.days ?? 200));
  const W = Math.max(60, Math.round(60_000 * scale));
  const rng = new Rng(`dataset:${seed}`);

  const lastDayStart = Math.floor((anchor - 1) / DAY) * DAY;
  const firstDay = lastDayStart / DAY - (D - 1);
  const lastDayFraction = (anchor - lastDayStart) / DAY;

  // ---- accounts ----
  const address: Address[] = [];
  const kindL: number[] = [];
  const label: (string | undefined)[] = [];
  const labelType: ('foundation' | 'wallet' | undefined)[] = [];
  const labelProject: (string | undefined)[] = [];
  const contractOf: number[] = [];
  const addAccount = (a: Address, k: number, name?: string, lt?: 'foundation' | 'wallet', lp?: string, c = -1) => {
    address.push(a);
    kindL.push(k);
    label.push(name);
    labelType.push(lt);
    labelProject.push(lp);
    contractOf.push(c);
    return address.length - 1;
  };
  const NULL_ACC = addAccount(NULL_ADDRESS, AccountKind.NULL);
  const contractAcc = CONTRACTS.map((c, i) => addAccount(c.address, AccountKind.CONTRACT, c.name, undefined, undefined, i));
  const foundationAcc = new Map<string, number[]>();
  for (const p of ALL_PROJECTS) {
    foundationAcc.set(p.id, p.foundationWallets.map((f) => addAccount(f.address, AccountKind.LABELLED, f.name, 'foundation', p.id)));
  }
  const [CEX1, CEX2, MM] = MARKET_WALLETS.map((m) => addAccount(m.address, AccountKind.LABELLED, m.name, 'wallet')) as [number, number, number];
  const firstWallet = address.length;

  const DEMO_LABELS = [
    'Demo: long-time regular', 'Demo: whale', 'Demo: new one-off user', 'Demo: liquidated borrower', 'Demo: dormant holder',
  ];
  const demo: GeneratedDemoWallet[] = [];
  for (let i = 0; i < DEMO_LABELS.length; i++) {
    const kr = new Rng(`demo-key:${seed}:${i}`);
    let hex = kr.hex40();
    for (let j = 0; j < 3; j++) hex += kr.u32().toString(16).padStart(8, '0');
    const privateKey = `0x${hex}` as const;
    const a = privateKeyToAccount(privateKey).address.toLowerCase() as Address;
    demo.push({ label: DEMO_LABELS[i]!, account: firstWallet + i, address: a, privateKey });
  }
  const addrRng = new Rng(`addresses:${seed}`);
  const seen = new Set<string>(address);
  for (let i = 0; i < W; i++) {
    let a: Address = i < demo.length ? demo[i]!.address : `0x${addrRng.hex40()}`;
    while (seen.has(a)) a = `0x${addrRng.hex40()}`;
    seen.add(a);
    addAccount(a, AccountKind.WALLET);
  }
  const A = address.length;
  const archetype = new Uint8Array(A).fill(NONE8);

  // ---- tokens, chains ----
  const chainIdx = new Map(CHAINS.map((c, i) => [c.id, i]));
  const tokenIdx = new Map(TOKENS.map((t, i) => [t.id, i]));
  const NT = TOKENS.length;
  const NC = CHAINS.length;
  // balance per (token, chain) pair, created lazily
  const bal: (Float64Array | undefined)[] = new Array(NT * NC);
  const balOf = (t: number, c: number): Float64Array => {
    const k = t * NC + c;
    let b = bal[k];
    if (!b) {
      b = new Float64Array(A);
      bal[k] = b;
    }
    return b;
  };
  const price = TOKENS.map((t) => t.priceUsd);
  const released = TOKENS.map((t) => t.released && t.deployments.some((d) => d.supply > 0));
  /** Released tokens deployed on a chain. */
  const tokensOnChain: number[][] = CHAINS.map((c) =>
    TOKENS.flatMap((t, i) => (released[i] && t.deployments.some((d) => d.chainId === c.id) ? [i] : [])));

  // ---- contracts by project / dapp / chain ----
  const projIdx = new Map(ALL_PROJECTS.map((p, i) => [p.id, i]));
  const dappIdx = new Map(DAPPS.map((d, i) => [d.id, i]));
  const contractIndex = new Map(CONTRACTS.map((c, i) => [c, i]));
  const contractByKey = new Map<string, number>();
  CONTRACTS.forEach((c, i) => contractByKey.set(`${c.dapp}|${c.role}|${c.chainId}`, contractAcc[i]!));
  const findContract = (dapp: string, role: string, chain: string): number =>
    contractByKey.get(`${dapp}|${role}|${chain}`) ?? -1;
  const positions = new Map<number, Float64Array>(); // contract account -> per-account position (token units*100)
  const debts = new Map<number, Float64Array>();
  const posOf = (acc: number) => {
    let p = positions.get(acc);
    if (!p) {
      p = new Float64Array(A);
      positions.set(acc, p);
    }
    return p;
  };
  const debtOf = (acc: number) => {
    let p = debts.get(acc);
    if (!p) {
      p = new Float64Array(A);
      debts.set(acc, p);
    }
    return p;
  };
  for (const c of CONTRACTS) if (ROLE_NEEDS_POSITION.has(c.role)) posOf(contractAcc[contractIndex.get(c)!]!);

  // ---- event columns ----
  const ev = new Grow([Uint32Array, Uint8Array, Uint8Array, Uint32Array, Uint32Array, Uint8Array, Uint8Array, Float64Array, Int32Array], 1 << 20);
  const vi = new Grow([Uint32Array, Uint8Array, Uint32Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Int32Array, Uint8Array], 1 << 18);

  const pushTransfer = (t: number, c: number, from: number, to: number, units: number): number => {
    const b = balOf(t, c);
    let u = Math.floor(units);
    if (from !== NULL_ACC) u = Math.min(u, b[from]!);
    if (u < 1 || from === to) return 0;
    if (from !== NULL_ACC) b[from]! -= u;
    b[to]! += u;
    const i = ev.reserve();
    const cols = ev.cols;
    cols[1]![i] = EventKind.TRANSFER;
    cols[2]![i] = c;
    cols[3]![i] = from;
    cols[4]![i] = to;
    cols[5]![i] = t;
    cols[6]![i] = NONE8;
    cols[7]![i] = u;
    cols[8]![i] = -1;
    return u;
  };
  const pushCall = (c: number, from: number, contract: number, action: ActionKey, units = 0, token = NONE8, subject = -1) => {
    const i = ev.reserve();
    const cols = ev.cols;
    cols[1]![i] = EventKind.CALL;
    cols[2]![i] = c;
    cols[3]![i] = from;
    cols[4]![i] = contract;
    cols[5]![i] = token;
    cols[6]![i] = ACTION_INDEX.get(action)!;
    cols[7]![i] = units;
    cols[8]![i] = subject;
    return i;
  };
  const toUnits = (usd: number, t: number) => Math.floor((usd / price[t]!) * UNITS_PER_TOKEN);

  // ---- genesis: mint every deployment and hand out the allocations ----
  for (let t = 0; t < NT; t++) {
    const tok = TOKENS[t]!;
    if (!released[t]) continue;
    const proj = ALL_PROJECTS[projIdx.get(tok.project)!]!;
    const [foundation, treasury, eco] = foundationAcc.get(proj.id)!;
    for (const dep of tok.deployments) {
      const c = chainIdx.get(dep.chainId)!;
      const total = dep.supply * UNITS_PER_TOKEN;
      pushTransfer(t, c, NULL_ACC, treasury!, total);
      const give = (to: number, share: number) => {
        if (to >= 0) pushTransfer(t, c, treasury!, to, total * share);
      };
      give(foundation!, 0.2);
      if (eco !== undefined) give(eco, 0.08);
      const primary = proj.tokens[0]!.id === tok.id;
      if (primary) give(findContract(`${proj.id}-rewards`, 'rewards', dep.chainId), 0.08);
      if (primary) give(findContract(`${proj.id}-stake`, 'rewards', dep.chainId), 0.08);
      give(findContract(`${proj.id}-swap`, 'pool', dep.chainId), 0.06);
      give(findContract('orbit-swap', 'pool', dep.chainId), 0.05);
      if (primary) give(findContract(`${proj.id}-bridge`, 'bridge', dep.chainId), 0.03);
      give(findContract(`${proj.id}-perps`, 'perps', dep.chainId), 0.04);
      give(findContract(`${proj.id}-lend`, 'lending', dep.chainId), 0.04);
      give(findContract('lendora-markets', 'lending', dep.chainId), 0.02);
      give(findContract('wavefi-perps', 'perps', dep.chainId), 0.02);
      give(MM, 0.12);
      give(CEX1, 0.05);
      give(CEX2, 0.03);
    }
  }

  // ---- the wallet population ----
  const first = firstWallet;
  const startDay = new Int16Array(A);
  const endDay = new Int16Array(A);
  const pActive = new Float32Array(A);
  const dust = new Uint8Array(A);
  const MAXP = 6;
  const projList = new Uint8Array(A * MAXP).fill(NONE8);
  const projCount = new Uint8Array(A);
  const homeChain = new Uint8Array(A);
  const prefSource = new Uint8Array(A);
  const prefApp = new Uint8Array(A);
  const budgetUsd = new Float32Array(A);
  const lastActive = new Int16Array(A).fill(-1);
  const everActive = new Uint8Array(A);
  const CHAIN_WEIGHTS = CHAINS.map((c) => ({ '1': 45, '56': 25, '137': 15, '42161': 30, '8453': 30 })[c.id] ?? 10);
  const P = Object.fromEntries(ALL_PROJECTS.map((p, i) => [p.id, i])) as Record<string, number>;
  const whaleLabels: number[] = [];
  const bots: number[] = [];

  for (let w = first; w < A; w++) {
    const r = rng.next();
    let arch: number;
    if (r < 0.0012) arch = Archetype.WHALE;
    else if (r < 0.14) arch = Archetype.REGULAR;
    else if (r < 0.44) arch = Archetype.OCCASIONAL;
    else if (r < 0.8) arch = Archetype.ONE_OFF;
    else arch = Archetype.DORMANT;
    let s = 0;
    let e = D - 1;
    let pa = 0;
    switch (arch) {
      case Archetype.WHALE:
        s = rng.int(Math.min(60, D));
        pa = rng.range(0.1, 0.3);
        budgetUsd[w] = rng.logUniform(300_000, 9_000_000);
        break;
      case Archetype.REGULAR:
        s = Math.floor(D * rng.next() ** 1.6);
        e = rng.chance(0.35) ? Math.min(D - 1, s + 20 + rng.int(120)) : D - 1;
        pa = rng.range(0.1, 0.3);
        budgetUsd[w] = rng.logUniform(100, 60_000);
        break;
      case Archetype.OCCASIONAL:
        s = rng.int(D);
        pa = rng.range(0.02, 0.07);
        budgetUsd[w] = rng.logUniform(50, 15_000);
        break;
      case Archetype.ONE_OFF:
        s = rng.int(D);
        e = s;
        pa = 1;
        budgetUsd[w] = rng.logUniform(10, 2_000);
        break;
      default:
        s = rng.int(Math.max(1, D - 40));
        e = Math.min(D - 1, s + 2 + rng.int(25));
        pa = 0.3;
        dust[w] = rng.chance(0.45) ? 1 : 0;
        budgetUsd[w] = rng.logUniform(50, 30_000);
        break;
    }
    archetype[w] = arch;
    startDay[w] = s;
    endDay[w] = e;
    pActive[w] = pa;
    homeChain[w] = rng.weighted(CHAIN_WEIGHTS);
    prefSource[w] = rng.weighted(SOURCE_WEIGHTS);
    prefApp[w] = rng.weighted(WALLET_APP_WEIGHTS);
    // projects used, with competitor and partner overlap
    const list: number[] = [];
    const neb = rng.chance(0.55);
    const tid = rng.chance(0.35);
    const qtz = rng.chance(0.3);
    if (neb) list.push(P.nebula!);
    if (tid) list.push(P.tidal!);
    if (qtz) list.push(P.quartz!);
    if (list.length === 0) list.push(rng.weighted([55, 35, 30]));
    const has = (id: string) => list.includes(P[id]!);
    const maybe = (id: string, p: number) => {
      if (list.length < MAXP && rng.chance(p)) list.push(P[id]!);
    };
    maybe('orbit', 0.12 + (has('nebula') ? 0.25 : 0) + (has('tidal') ? 0.1 : 0));
    maybe('lendora', 0.04 + (has('nebula') ? 0.12 : 0) + (has('tidal') ? 0.12 : 0));
    maybe('wavefi', 0.03 + (has('tidal') ? 0.25 : 0));
    maybe('gemhall', 0.03 + (has('quartz') ? 0.35 : 0));
    maybe('portal', 0.05 + 0.06 * list.length);
    maybe('questly', 0.06 + (has('quartz') ? 0.15 : 0) + (has('nebula') ? 0.05 : 0));
    projCount[w] = list.length;
    for (let i = 0; i < list.length; i++) projList[w * MAXP + i] = list[i]!;
  }
  // three liquidation bots, funded by the market maker
  for (let i = 0; i < 3; i++) {
    const w = A - 1 - i;
    archetype[w] = Archetype.BOT;
    startDay[w] = 0;
    endDay[w] = -1; // never active on their own
    projCount[w] = 0;
    bots.push(w);
    label[w] = `Liquidation Bot ${i + 1}`;
  }
  // forced demo behaviours
  const setProjects = (w: number, ids: string[]) => {
    projCount[w] = ids.length;
    for (let i = 0; i < MAXP; i++) projList[w * MAXP + i] = i < ids.length ? P[ids[i]!]! : NONE8;
  };
  const [dRegular, dWhale, dOneOff, dBorrower, dDormant] = demo.map((d) => d.account) as [number, number, number, number, number];
  archetype[dRegular] = Archetype.REGULAR; startDay[dRegular] = 0; endDay[dRegular] = D - 1; pActive[dRegular] = 0.6;
  budgetUsd[dRegular] = 20_000; homeChain[dRegular] = chainIdx.get('1')!; setProjects(dRegular, ['nebula', 'tidal', 'orbit']);
  archetype[dWhale] = Archetype.WHALE; startDay[dWhale] = 2; endDay[dWhale] = D - 1; pActive[dWhale] = 0.25;
  budgetUsd[dWhale] = 6_000_000; homeChain[dWhale] = chainIdx.get('1')!; setProjects(dWhale, ['nebula', 'lendora']);
  archetype[dOneOff] = Archetype.ONE_OFF; startDay[dOneOff] = D - 3; endDay[dOneOff] = D - 3; pActive[dOneOff] = 1;
  budgetUsd[dOneOff] = 300; homeChain[dOneOff] = chainIdx.get('1')!; setProjects(dOneOff, ['nebula']);
  archetype[dBorrower] = Archetype.REGULAR; startDay[dBorrower] = Math.min(20, D - 2); endDay[dBorrower] = D - 1;
  pActive[dBorrower] = 0.3; budgetUsd[dBorrower] = 15_000; homeChain[dBorrower] = chainIdx.get('1')!;
  setProjects(dBorrower, ['nebula']);
  archetype[dDormant] = Archetype.DORMANT; startDay[dDormant] = Math.min(5, D - 2);
  endDay[dDormant] = Math.min(D - 1, 15); pActive[dDormant] = 0.5; dust[dDormant] = 0; budgetUsd[dDormant] = 8_000;
  homeChain[dDormant] = chainIdx.get('1')!; setProjects(dDormant, ['nebula']);
  const liquidateDemoOn = Math.max(startDay[dBorrower]! + 1, D - 45);
  let demoLiquidated = false;
  /** Demo wallets whose story has no liquidation in it. */
  const protectedDemo = new Set([dRegular, dWhale, dOneOff, dDormant]);

  let whaleNo = 0;
  for (let w = first; w < A; w++) {
    if (archetype[w] === Archetype.WHALE) {
      whaleLabels.push(w);
      label[w] = `Whale ${++whaleNo}`;
      labelType[w] = undefined;
    }
  }
  // bots get working capital
  for (const b of bots) {
    for (let t = 0; t < NT; t++) {
      if (!released[t]) continue;
      for (const dep of TOKENS[t]!.deployments) pushTransfer(t, chainIdx.get(dep.chainId)!, MM, b, dep.supply * UNITS_PER_TOKEN * 0.004);
    }
  }

  const rewardAccrued = [0, 1, 2].map(() => new Float64Array(A)); // per main project, in units of its primary token
  const stakeAccrualDay = new Int16Array(A);
  const borrowers = new Map<number, number[]>(); // lending contract account -> borrower accounts
  const sellers: number[] = []; // recent marketplace listers
  const flaggedRisky = new Uint8Array(A);

  // ---- actions ----
  const primaryToken = (p: ProjectMeta) => (p.tokens.length ? tokenIdx.get(p.tokens[0]!.id)! : -1);
  const chainOfProject = (w: number, p: ProjectMeta): number => {
    const home = CHAINS[homeChain[w]!]!.id;
    if (p.chains.includes(home) && !rng.chance(0.12)) return homeChain[w]!;
    const ws = p.chains.map((id) => CHAIN_WEIGHTS[chainIdx.get(id)!]!);
    return chainIdx.get(p.chains[rng.weighted(ws)]!)!;
  };
  const tradeUsd = (w: number) => budgetUsd[w]! * rng.range(0.05, 0.6);

  /** Make sure w holds some of token t on chain c: withdraw from an exchange or buy on a DEX. */
  const acquire = (w: number, t: number, c: number, usd: number): void => {
    const chainId = CHAINS[c]!.id;
    const units = toUnits(usd, t);
    if (archetype[w] === Archetype.WHALE && rng.chance(0.6)) {
      pushTransfer(t, c, MM, w, units);
      return;
    }
    if (rng.chance(0.45)) {
      pushTransfer(t, c, rng.chance(0.6) ? CEX1 : CEX2, w, units);
      return;
    }
    const tok = TOKENS[t]!;
    let router = findContract(`${tok.project}-swap`, 'router', chainId);
    let pool = findContract(`${tok.project}-swap`, 'pool', chainId);
    if (router < 0 || rng.chance(0.3)) {
      router = findContract('orbit-swap', 'router', chainId);
      pool = findContract('orbit-swap', 'pool', chainId);
    }
    const b = balOf(t, c);
    pushCall(c, w, router, 'swapExactETHForTokens');
    pushTransfer(t, c, pool, w, Math.min(units, b[pool]! * 0.02));
  };

  const pickToken = (w: number, c: number, prefer: number): number => {
    const list = tokensOnChain[c]!;
    if (prefer >= 0 && list.includes(prefer) && rng.chance(0.75)) return prefer;
    const held = list.filter((t) => balOf(t, c)[w]! >= UNITS_PER_TOKEN);
    if (held.length && rng.chance(0.7)) return rng.pick(held);
    return list.length ? rng.pick(list) : -1;
  };

  const accrueActivity = (w: number, p: ProjectMeta) => {
    const pi = projIdx.get(p.id)!;
    if (pi < 3) {
      const t = primaryToken(p);
      rewardAccrued[pi]![w]! += toUnits(rng.range(0.2, 4), t);
    }
  };

  const doAction = (w: number, p: ProjectMeta, c: number, d: number, forcedDapp?: string): void => {
    const chainId = CHAINS[c]!.id;
    let dapp = (forcedDapp ? p.dapps.find((x) => x.id === forcedDapp) : undefined) ?? rng.pick(p.dapps);
    if (!dapp.chains.includes(chainId)) {
      const alt = p.dapps.filter((x) => x.chains.includes(chainId));
      dapp = alt.length ? rng.pick(alt) : dapp;
    }
    const cc = dapp.chains.includes(chainId) ? c : chainIdx.get(rng.pick(dapp.chains))!;
    const ccId = CHAINS[cc]!.id;
    const candidates = dapp.contracts.filter((x) => x.chainId === ccId && x.role !== 'pool');
    if (!candidates.length) return;
    const meta: ContractMeta = rng.pick(candidates);
    const con = contractAcc[contractIndex.get(meta)!]!;
    const prim = primaryToken(p);
    const tok = pickToken(w, cc, prim);
    accrueActivity(w, p);
    switch (meta.role) {
      case 'router': {
        if (tok < 0) return;
        const pool = findContract(meta.dapp, 'pool', ccId);
        const b = balOf(tok, cc);
        const pos = posOf(con);
        const r = rng.next();
        if (r < 0.08 && b[w]! > 0) {
          pushCall(cc, w, con, 'addLiquidity');
          const u = pushTransfer(tok, cc, w, pool, b[w]! * rng.range(0.1, 0.5));
          pos[w]! += u;
        } else if (r < 0.13 && pos[w]! > 0) {
          pushCall(cc, w, con, 'removeLiquidity');
          const u = pushTransfer(tok, cc, pool, w, pos[w]! * rng.range(0.3, 1));
          pos[w] = Math.max(0, pos[w]! - u);
        } else if (b[w]! > 0 && rng.chance(0.45)) {
          pushCall(cc, w, con, 'swapExactTokensForTokens');
          pushTransfer(tok, cc, w, pool, b[w]! * rng.range(0.1, 1));
        } else {
          pushCall(cc, w, con, rng.chance(0.5) ? 'swapExactETHForTokens' : 'swapExactTokensForTokens');
          pushTransfer(tok, cc, pool, w, Math.min(toUnits(tradeUsd(w), tok), b[pool]! * 0.02));
        }
        return;
      }
      case 'lending': {
        const nebula = meta.project === 'nebula';
        const coll = nebula ? tokenIdx.get('neb')! : tok;
        const borrowT = nebula ? tokenIdx.get('nusd')! : tok;
        if (coll < 0 || borrowT < 0) return;
        const bc = balOf(coll, cc);
        const bb = balOf(borrowT, cc);
        const dep = posOf(con);
        const debt = debtOf(con);
        const capacityUsd = (dep[w]! * price[coll]! * 0.75 - debt[w]! * price[borrowT]!) / UNITS_PER_TOKEN;
        const r = rng.next();
        const heavy = w === dBorrower && !demoLiquidated;
        if (heavy && dep[w]! === 0 && bc[w]! === 0) acquire(w, coll, cc, budgetUsd[w]!);
        if ((r < 0.35 || (heavy && dep[w]! === 0)) && bc[w]! > 0) {
          pushCall(cc, w, con, 'lendDeposit');
          dep[w]! += pushTransfer(coll, cc, w, con, bc[w]! * rng.range(0.3, 0.9));
        } else if ((r < 0.55 || heavy) && capacityUsd > 1) {
          const want = (capacityUsd * (heavy ? 0.95 : rng.range(0.2, 0.6)) / price[borrowT]!) * UNITS_PER_TOKEN;
          pushCall(cc, w, con, 'borrow');
          const u = pushTransfer(borrowT, cc, con, w, Math.min(want, bb[con]! * 0.05));
          debt[w]! += u;
          if (u > 0) {
            let list = borrowers.get(con);
            if (!list) borrowers.set(con, (list = []));
            list.push(w);
            if (rng.chance(0.25)) flaggedRisky[w] = 1;
          }
        } else if (r < 0.8 && debt[w]! > 0 && bb[w]! > 0) {
          pushCall(cc, w, con, 'repay');
          debt[w]! -= pushTransfer(borrowT, cc, w, con, Math.min(debt[w]!, bb[w]! * rng.range(0.5, 1)));
        } else if (dep[w]! > 0) {
          const free = Math.max(0, dep[w]! - (debt[w]! * price[borrowT]!) / (price[coll]! * 0.75));
          if (free < 1) return;
          pushCall(cc, w, con, 'lendWithdraw');
          dep[w]! -= pushTransfer(coll, cc, con, w, free * rng.range(0.3, 1));
        } else if (bc[w]! > 0) {
          pushCall(cc, w, con, 'lendDeposit');
          dep[w]! += pushTransfer(coll, cc, w, con, bc[w]! * rng.range(0.3, 0.9));
        }
        return;
      }
      case 'staking': {
        const t = prim;
        const b = balOf(t, cc);
        const pos = posOf(con);
        // staking yield accrues to the project's rewards
        rewardAccrued[projIdx.get(p.id)!]![w]! += pos[w]! * 0.0004 * Math.max(0, d - stakeAccrualDay[w]!);
        stakeAccrualDay[w] = d;
        if ((rng.chance(0.6) || pos[w]! === 0) && b[w]! > 0) {
          pushCall(cc, w, con, 'stake');
          pos[w]! += pushTransfer(t, cc, w, con, b[w]! * rng.range(0.2, 0.9));
        } else if (pos[w]! > 0) {
          pushCall(cc, w, con, 'unstake');
          pos[w]! -= pushTransfer(t, cc, con, w, pos[w]! * rng.range(0.3, 1));
        }
        return;
      }
      case 'rewards': {
        const pi = projIdx.get(p.id)!;
        const t = prim;
        const acc = rewardAccrued[pi]!;
        const b = balOf(t, cc);
        const amount = Math.floor(Math.min(acc[w]!, b[con]!));
        if (amount < UNITS_PER_TOKEN) return;
        const i = pushCall(cc, w, con, 'claimRewards', 0, t);
        const u = pushTransfer(t, cc, con, w, amount);
        ev.cols[7]![i] = u;
        acc[w]! -= u;
        return;
      }
      case 'bridge': {
        const t = prim;
        const b = balOf(t, cc);
        if (b[w]! <= 0) return;
        const others = dapp.chains.filter((x) => x !== ccId);
        const dest = chainIdx.get(rng.pick(others))!;
        const destBridge = findContract(dapp.id, 'bridge', CHAINS[dest]!.id);
        pushCall(cc, w, con, 'sendToChain');
        const u = pushTransfer(t, cc, w, con, b[w]! * rng.range(0.2, 1));
        pushTransfer(t, dest, destBridge, w, u);
        return;
      }
      case 'perps': {
        if (tok < 0) return;
        const b = balOf(tok, cc);
        const pos = posOf(con);
        const r = rng.next();
        if (pos[w]! > 0 && r < 0.4) {
          pushCall(cc, w, con, 'closePosition');
          pushTransfer(tok, cc, con, w, Math.min(pos[w]! * rng.range(0.3, 1.8), b[con]! * 0.05));
          pos[w] = 0;
        } else if (pos[w]! > 0 && r < 0.55 && b[w]! > 0) {
          pushCall(cc, w, con, 'addMargin');
          pos[w]! += pushTransfer(tok, cc, w, con, b[w]! * rng.range(0.05, 0.3));
        } else if (b[w]! > 0) {
          pushCall(cc, w, con, 'openPosition');
          pos[w]! += pushTransfer(tok, cc, w, con, b[w]! * rng.range(0.1, 0.6));
        }
        return;
      }
      case 'vault': {
        if (tok < 0) return;
        const b = balOf(tok, cc);
        const pos = posOf(con);
        if ((rng.chance(0.6) || pos[w]! === 0) && b[w]! > 0) {
          pushCall(cc, w, con, 'vaultDeposit');
          pos[w]! += pushTransfer(tok, cc, w, con, b[w]! * rng.range(0.2, 0.9));
        } else if (pos[w]! > 0) {
          pushCall(cc, w, con, 'vaultWithdraw');
          const want = pos[w]! * rng.range(0.3, 1);
          const u = pushTransfer(tok, cc, con, w, want * rng.range(1, 1.03));
          pos[w] = Math.max(0, pos[w]! - u);
        }
        return;
      }
      case 'market': {
        if (tok < 0) return;
        const b = balOf(tok, cc);
        const priceUnits = toUnits(rng.logUniform(5, 800), tok);
        const r = rng.next();
        if (r < 0.4 && b[w]! >= priceUnits && sellers.length) {
          const seller = sellers[rng.int(sellers.length)]!;
          if (seller === w) return;
          pushCall(cc, w, con, 'buyItem');
          pushTransfer(tok, cc, w, seller, Math.floor(priceUnits * 0.975));
          pushTransfer(tok, cc, w, con, Math.ceil(priceUnits * 0.025));
        } else if (r < 0.85) {
          pushCall(cc, w, con, 'listItem');
          if (sellers.length < 2000) sellers.push(w);
          else sellers[rng.int(sellers.length)] = w;
        } else {
          pushCall(cc, w, con, 'cancelListing');
        }
        return;
      }
      case 'forge': {
        if (tok < 0) return;
        pushCall(cc, w, con, rng.chance(0.6) ? 'craft' : 'mintItem');
        pushTransfer(tok, cc, w, con, toUnits(rng.logUniform(1, 60), tok));
        return;
      }
      case 'quests':
        pushCall(cc, w, con, 'completeQuest');
        return;
      case 'lock': {
        if (tok < 0) return;
        const b = balOf(tok, cc);
        if (b[w]! <= 0) return;
        pushCall(cc, w, con, 'lock');
        pushTransfer(tok, cc, w, con, b[w]! * rng.range(0.1, 0.5));
        return;
      }
      default:
        return;
    }
  };

  // ---- visits ----
  const webProjects = ALL_PROJECTS.map((p, i) => (p.webAnalytics ? i : -1)).filter((i) => i >= 0);
  const anonymousVisitors = Math.max(100, Math.round(W * 1.5));
  const countryOf = (visitor: number) => {
    const r = new Rng(`country:${seed}:${visitor}`).next() * COUNTRY_TOTAL;
    let acc = 0;
    for (let i = 0; i < COUNTRY_WEIGHTS.length; i++) {
      acc += COUNTRY_WEIGHTS[i]!;
      if (r < acc) return i;
    }
    return COUNTRY_WEIGHTS.length - 1;
  };
  const countryCache = new Int8Array(A + anonymousVisitors).fill(-1);
  const visitorCountry = (v: number) => {
    let c = countryCache[v]!;
    if (c < 0) countryCache[v] = c = countryOf(v);
    return c;
  };
  const pushVisit = (p: number, visitor: number, source: number, site: number, app: number, wallet: number, dapp: number) => {
    const i = vi.reserve();
    const cols = vi.cols;
    cols[1]![i] = p;
    cols[2]![i] = visitor;
    cols[3]![i] = visitorCountry(visitor);
    cols[4]![i] = source;
    cols[5]![i] = site;
    cols[6]![i] = app;
    cols[7]![i] = wallet;
    cols[8]![i] = dapp;
  };
  const visitSource = (w: number) => (rng.chance(0.7) ? prefSource[w]! : rng.weighted(SOURCE_WEIGHTS));

  // ---- day loop ----
  const eventDayStart = new Uint32Array(D + 1);
  const visitDayStart = new Uint32Array(D + 1);
  const active: number[] = [];
  const treasuryOf = (p: ProjectMeta) => foundationAcc.get(p.id)![1]!;

  for (let d = 0; d < D; d++) {
    // day 0 also holds the genesis events (mints, allocations) generated above
    eventDayStart[d] = d === 0 ? 0 : ev.n;
    visitDayStart[d] = d === 0 ? 0 : vi.n;
    const dayStart = (firstDay + d) * DAY;
    const last = d === D - 1;
    const frac = last ? lastDayFraction : 1;

    // treasury operations: weekly top-ups of rewards contracts and the market maker, grants
    if (d > 0 && d % 7 === 0) {
      for (const p of ALL_PROJECTS) {
        if (!p.main) continue;
        const t = primaryToken(p);
        for (const con of p.contracts) {
          if (con.role !== 'rewards') continue;
          const c = chainIdx.get(con.chainId)!;
          const acc = contractAcc[contractIndex.get(con)!]!;
          pushTransfer(t, c, treasuryOf(p), acc, balOf(t, c)[treasuryOf(p)]! * 0.004);
        }
        for (const dep of TOKENS[t]!.deployments) {
          const c = chainIdx.get(dep.chainId)!;
          pushTransfer(t, c, treasuryOf(p), MM, balOf(t, c)[treasuryOf(p)]! * 0.01);
          pushTransfer(t, c, foundationAcc.get(p.id)![0]!, first + 5 + rng.int(W - 8), toUnits(rng.range(500, 20_000), t));
        }
      }
    }
    // the market maker keeps exchanges stocked
    for (let t = 0; t < NT; t++) {
      if (!released[t]) continue;
      for (const dep of TOKENS[t]!.deployments) {
        const c = chainIdx.get(dep.chainId)!;
        const b = balOf(t, c);
        for (const cex of [CEX1, CEX2]) {
          if (b[cex]! < dep.supply * UNITS_PER_TOKEN * 0.01) pushTransfer(t, c, MM, cex, dep.supply * UNITS_PER_TOKEN * 0.005);
        }
      }
    }

    // who is active today
    active.length = 0;
    for (let w = first; w < A; w++) {
      if (d < startDay[w]! || d > endDay[w]!) continue;
      const age = d - startDay[w]!;
      // new users are keener in their first days (this is what retention cohorts show)
      const p = age === 0 ? 1 : age < 10 ? Math.min(0.9, pActive[w]! * 3) : pActive[w]!;
      if (rng.chance(p * frac)) active.push(w);
    }
    for (let i = active.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const x = active[i]!;
      active[i] = active[j]!;
      active[j] = x;
    }

    for (const w of active) {
      const n = projCount[w]!;
      if (n === 0) continue;
      const weights: number[] = [];
      for (let i = 0; i < n; i++) weights.push(projList[w * MAXP + i]! < 3 ? 3 : 1);
      let pi = projList[w * MAXP + rng.weighted(weights)]!;
      const arch = archetype[w]!;
      if (!everActive[w]) {
        // the first session: get the main project's token
        everActive[w] = 1;
        for (let i = 0; i < n; i++) {
          if (projList[w * MAXP + i]! < 3) {
            pi = projList[w * MAXP + i]!;
            break;
          }
        }
      }
      const p = ALL_PROJECTS[pi]!;
      const c = chainOfProject(w, p);
      const prim = primaryToken(p);
      const tAcq = prim >= 0 ? prim : pickToken(w, c, -1);
      if (tAcq >= 0 && TOKENS[tAcq]!.deployments.some((x) => x.chainId === CHAINS[c]!.id)) {
        const b = balOf(tAcq, c);
        if (b[w]! < UNITS_PER_TOKEN && (lastActive[w]! < 0 || rng.chance(0.7))) acquire(w, tAcq, c, budgetUsd[w]! * rng.range(0.3, 1));
      }
      const forced = w === dBorrower && !demoLiquidated ? 'nebula-lend'
        : w === dDormant ? (rng.chance(0.5) ? 'nebula-swap' : 'nebula-stake')
          : w === dRegular && rng.chance(0.3) ? 'nebula-stake' : undefined;
      const actions = arch === Archetype.REGULAR || arch === Archetype.WHALE ? 1 + rng.int(3) : 1 + rng.int(2);
      let usedDapp = NONE8;
      for (let k = 0; k < actions; k++) {
        const before = ev.n;
        doAction(w, p, c, d, forced);
        if (ev.n > before && usedDapp === NONE8) {
          // the DApp reached, for web analytics: the called contract's DApp
          for (let i = before; i < ev.n; i++) {
            if (ev.cols[1]![i] === EventKind.CALL) {
              const con = CONTRACTS[contractOf[ev.cols[4]![i]!]!]!;
              usedDapp = dappIdx.get(con.dapp)!;
              break;
            }
          }
        }
      }
      // a claim now and then
      if (pi < 3 && rng.chance(0.12)) {
        const rc = p.contracts.filter((x) => x.role === 'rewards');
        if (rc.length) {
          const con = rc.find((x) => x.chainId === CHAINS[c]!.id) ?? rng.pick(rc);
          doAction(w, p, chainIdx.get(con.chainId)!, d, con.dapp);
        }
      }
      // plain transfers: to another wallet, or back to an exchange
      if (rng.chance(0.1)) {
        const t = pickToken(w, c, prim);
        if (t >= 0) {
          const b = balOf(t, c);
          const to = rng.chance(0.85) ? first + 5 + rng.int(W - 8) : rng.chance(0.5) ? CEX1 : CEX2;
          pushTransfer(t, c, w, to, b[w]! * rng.range(0.05, 0.5));
        }
      }
      // leaving: dormant wallets sell down, some to dust
      if (d === endDay[w]! && arch === Archetype.DORMANT && dust[w]) {
        for (const t of tokensOnChain[c]!) {
          const b = balOf(t, c);
          if (b[w]! > 10 * UNITS_PER_TOKEN) pushTransfer(t, c, w, CEX1, b[w]! - Math.floor(rng.range(0.01, 9.99) * UNITS_PER_TOKEN));
        }
      }
      if (arch === Archetype.ONE_OFF && rng.chance(0.4)) {
        const b = tAcq >= 0 ? balOf(tAcq, c) : undefined;
        if (b && b[w]! > 0) pushTransfer(tAcq, c, w, CEX2, b[w]! * rng.range(0.5, 1));
      }
      lastActive[w] = d;

      // web analytics
      if (p.webAnalytics) {
        const sites = p.sites.length;
        if (rng.chance(0.65)) {
          pushVisit(pi, w, visitSource(w), rng.chance(0.8) ? 0 : rng.int(sites), prefApp[w]!, w, usedDapp);
        }
        if (rng.chance(0.25)) {
          pushVisit(pi, w, visitSource(w), rng.int(sites), 0, -1, rng.chance(0.3) ? usedDapp : NONE8);
        }
      }
    }

    // liquidations
    for (const [con, list] of borrowers) {
      const meta = CONTRACTS[contractOf[con]!]!;
      const cc = chainIdx.get(meta.chainId)!;
      const nebula = meta.project === 'nebula';
      const dep = posOf(con);
      const debt = debtOf(con);
      const keep: number[] = [];
      for (const b of list) {
        if (debt[b]! <= 0) continue;
        if (!keep.includes(b)) keep.push(b);
        const forcedNow = b === dBorrower && d >= liquidateDemoOn && !demoLiquidated;
        if (forcedNow) demoLiquidated = true;
        const p = forcedNow ? 1 : protectedDemo.has(b) ? 0 : flaggedRisky[b] ? 0.02 * frac : 0.002 * frac;
        if (!rng.chance(p)) continue;
        const bot = rng.pick(bots);
        // tokens: nebula lends nUSD against NEB; lendora lends a token against itself
        let coll: number;
        let borrowT: number;
        if (nebula) {
          coll = tokenIdx.get('neb')!;
          borrowT = tokenIdx.get('nusd')!;
        } else {
          coll = borrowT = -1;
          for (const t of tokensOnChain[cc]!) if (balOf(t, cc)[con]! > 0 && borrowT < 0) borrowT = coll = t;
          if (borrowT < 0) continue;
        }
        const repayU = Math.floor(debt[b]! * 0.5) + 1;
        pushCall(cc, bot, con, 'liquidationCall', 0, NONE8, b);
        const paid = pushTransfer(borrowT, cc, bot, con, repayU);
        debt[b] = Math.max(0, debt[b]! - paid);
        const seize = Math.min(dep[b]!, ((paid * price[borrowT]!) / price[coll]!) * 1.05);
        dep[b]! -= pushTransfer(coll, cc, con, bot, seize);
      }
      borrowers.set(con, keep);
    }

    // anonymous web visitors
    for (const pi of webProjects) {
      const p = ALL_PROJECTS[pi]!;
      const n = Math.round(W * 0.01 * frac * rng.range(0.8, 1.2));
      for (let i = 0; i < n; i++) {
        const v = A + Math.floor(anonymousVisitors * rng.next() ** 2);
        const dapp = rng.chance(0.25) ? dappIdx.get(rng.pick(p.dapps).id)! : NONE8;
        pushVisit(pi, v, rng.weighted(SOURCE_WEIGHTS), rng.int(p.sites.length), 0, -1, dapp);
      }
    }

    // timestamps: events of a day are generated in causal order; give them sorted times within the day
    const dayEnd = last ? anchor : dayStart + DAY;
    sortedTimes(rng, ev.n - eventDayStart[d]!, dayStart, dayEnd, ev.cols[0] as Uint32Array, eventDayStart[d]!);
    sortedTimes(rng, vi.n - visitDayStart[d]!, dayStart, dayEnd, vi.cols[0] as Uint32Array, visitDayStart[d]!);
  }
  eventDayStart[D] = ev.n;
  visitDayStart[D] = vi.n;

  const e = ev.finish<never>();
  const v = vi.finish<never>();
  const events: EventColumns = {
    count: ev.n, time: e[0]!, kind: e[1]!, chain: e[2]!, from: e[3]!, to: e[4]!, token: e[5]!, action: e[6]!,
    amount: e[7]!, subject: e[8]!,
  };
  const visits: VisitColumns = {
    count: vi.n, time: v[0]!, project: v[1]!, visitor: v[2]!, country: v[3]!, source: v[4]!, site: v[5]!,
    walletApp: v[6]!, wallet: v[7]!, dapp: v[8]!,
  };
  return {
    seed, anchor, anchorPinned: pinned, days: D, firstDay,
    accounts: {
      count: A, address, kind: Uint8Array.from(kindL), label, labelType, labelProject,
      contract: Int32Array.from(contractOf), firstWallet, archetype,
    },
    events, visits, eventDayStart, visitDayStart, demo, anonymousVisitors,
  };
}
