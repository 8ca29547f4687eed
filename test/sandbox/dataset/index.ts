/**
 * The sandbox dataset: generated raw events (generate.ts) plus lookups and the
 * WalletDirectory the integration API reads. Everything derived here is
 * computed from the raw event columns.
 */
import type { DemoWallet, WalletDirectory, WalletProfile } from './profile.ts';
import {
  AccountKind, ACTION_KEYS, DAY, EventKind, generate, NONE8, UNITS_PER_TOKEN,
  type GenerateOptions, type GeneratedData,
} from './generate.ts';
import {
  ACTIONS, ALL_PROJECTS, CHAINS, CONTRACTS, DAPPS, PROJECTS, TOKENS,
  type ActionMeta, type Address, type ProjectMeta, type TokenMeta,
} from './projects.ts';

export * from './projects.ts';
export {
  AccountKind, ACTION_KEYS, Archetype, COUNTRIES, DAY, EventKind, NONE8, SOURCES, UNITS_PER_TOKEN, WALLET_APPS,
} from './generate.ts';
export type { AccountTable, EventColumns, GenerateOptions, VisitColumns } from './generate.ts';
export type { DemoWallet, WalletDirectory, WalletProfile } from './profile.ts';

export type DatasetOptions = GenerateOptions;

/** Actions by index of the raw `action` column. */
export const ACTION_LIST: readonly ActionMeta[] = ACTION_KEYS.map((k) => ACTIONS[k]);

/** A Dataset carries the generated data (all but the demo wallets) as its own read-only fields. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface Dataset extends Omit<GeneratedData, 'demo'> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Dataset implements WalletDirectory {
  readonly chains = CHAINS;
  readonly projects: readonly ProjectMeta[] = ALL_PROJECTS;
  readonly mainProjects: readonly ProjectMeta[] = PROJECTS;
  readonly tokens = TOKENS;
  readonly contracts = CONTRACTS;
  readonly dapps = DAPPS;
  readonly actions = ACTION_LIST;

  private readonly byAddress = new Map<string, number>();
  private readonly demo: GeneratedData['demo'];
  private profiles?: Map<string, WalletProfile>;
  private addressList?: readonly `0x${string}`[];
  private marketCaps?: Map<string, number>;

  constructor(g: GeneratedData) {
    const { demo, ...data } = g;
    Object.assign(this, data);
    this.demo = demo;
    g.accounts.address.forEach((a, i) => this.byAddress.set(a, i));
  }

  /** The sandbox's "now" in Unix seconds: frozen at a pinned anchor, else the real clock. */
  nowSeconds(): number {
    return this.anchorPinned ? this.anchor : Math.floor(Date.now() / 1000);
  }

  accountIndex(address: string): number | undefined {
    return this.byAddress.get(address.toLowerCase());
  }

  isHolderAccount(i: number): boolean {
    const k = this.accounts.kind[i];
    return k === AccountKind.WALLET || k === AccountKind.LABELLED;
  }

  getProject(id: string): ProjectMeta | undefined {
    return this.projects.find((p) => p.id === id);
  }

  /** Market cap in USD: price × supply, the supply computed from mint and burn transfers. */
  marketCapUsd(tokenId: string): number {
    if (!this.marketCaps) {
      const supply = new Float64Array(TOKENS.length);
      const { kind, from, to, token, amount, count } = this.events;
      for (let i = 0; i < count; i++) {
        if (kind[i] !== EventKind.TRANSFER) continue;
        if (from[i] === 0) supply[token[i]!]! += amount[i]!;
        else if (to[i] === 0) supply[token[i]!]! -= amount[i]!;
      }
      this.marketCaps = new Map(TOKENS.map((t, i) => [t.id, (supply[i]! / UNITS_PER_TOKEN) * t.priceUsd]));
    }
    return this.marketCaps.get(tokenId) ?? 0;
  }

  /** The service's default tokenId (docs/service.md): the project's released token with the highest market cap. */
  defaultToken(projectId: string): TokenMeta | undefined {
    const p = this.getProject(projectId);
    if (!p) return undefined;
    let best: TokenMeta | undefined;
    for (const t of p.tokens) {
      if (!t.released) continue;
      if (!best || this.marketCapUsd(t.id) > this.marketCapUsd(best.id)) best = t;
    }
    return best;
  }

  // ---- WalletDirectory ----

  walletProfile(address: string): WalletProfile | undefined {
    return this.allProfiles().get(address.toLowerCase());
  }

  walletAddresses(): readonly `0x${string}`[] {
    this.addressList ??= Object.freeze([...this.allProfiles().keys()] as `0x${string}`[]);
    return this.addressList;
  }

  demoWallets(): readonly DemoWallet[] {
    return this.demo.map((d) => ({ label: d.label, address: d.address, privateKey: d.privateKey }));
  }

  private allProfiles(): Map<string, WalletProfile> {
    if (this.profiles) return this.profiles;
    const A = this.accounts.count;
    const { count, time, kind, from, to, token, action, amount, subject } = this.events;
    const firstSeen = new Float64Array(A).fill(Infinity);
    const lastSeen = new Float64Array(A);
    const activeDays = new Uint32Array(A);
    const lastDay = new Int32Array(A).fill(-1);
    const transfers = new Uint32Array(A);
    const calls = new Uint32Array(A);
    const claims = new Uint32Array(A);
    const claimed = new Float64Array(A);
    const borrows = new Uint32Array(A);
    const repays = new Uint32Array(A);
    const liquidations = new Uint32Array(A);
    const NCON = CONTRACTS.length;
    const contractSeen = new Uint8Array(A * NCON);
    const dappSeen = new Uint8Array(A * DAPPS.length);
    const distinctContracts = new Uint32Array(A);
    const distinctDapps = new Uint32Array(A);
    const balances = TOKENS.map(() => new Float64Array(A));
    const dappOfContract = CONTRACTS.map((c) => DAPPS.findIndex((d) => d.id === c.dapp));
    const isWallet = (i: number) => this.isHolderAccount(i);
    const touch = (a: number, t: number) => {
      if (t < firstSeen[a]!) firstSeen[a] = t;
      if (t > lastSeen[a]!) lastSeen[a] = t;
      const d = Math.floor(t / DAY);
      if (d !== lastDay[a]) {
        lastDay[a] = d;
        activeDays[a]!++;
      }
    };
    const actionType = ACTION_LIST.map((a) => a.actionType);
    for (let i = 0; i < count; i++) {
      const t = time[i]!;
      const f = from[i]!;
      const r = to[i]!;
      if (kind[i] === EventKind.TRANSFER) {
        const b = balances[token[i]!]!;
        b[f]! -= amount[i]!;
        b[r]! += amount[i]!;
        if (isWallet(f)) {
          touch(f, t);
          transfers[f]!++;
        }
        if (isWallet(r)) {
          touch(r, t);
          transfers[r]!++;
        }
        continue;
      }
      if (!isWallet(f)) continue;
      touch(f, t);
      calls[f]!++;
      const ci = this.accounts.contract[r]!;
      if (ci >= 0) {
        if (!contractSeen[f * NCON + ci]) {
          contractSeen[f * NCON + ci] = 1;
          distinctContracts[f]!++;
        }
        const di = dappOfContract[ci]!;
        if (!dappSeen[f * DAPPS.length + di]) {
          dappSeen[f * DAPPS.length + di] = 1;
          distinctDapps[f]!++;
        }
      }
      const at = action[i] === NONE8 ? '' : actionType[action[i]!];
      if (at === 'claim') {
        claims[f]!++;
        claimed[f]! += amount[i]!;
      } else if (at === 'borrow') borrows[f]!++;
      else if (at === 'repay') repays[f]!++;
      else if (at === 'liquidate' && subject[i]! >= 0) liquidations[subject[i]!]!++;
    }
    const out = new Map<string, WalletProfile>();
    for (let a = 0; a < A; a++) {
      if (!isWallet(a) || firstSeen[a] === Infinity) continue;
      const bal: Record<string, number> = {};
      let usd = 0;
      TOKENS.forEach((tok, ti) => {
        const v = balances[ti]![a]!;
        if (v > 0) {
          bal[tok.id] = v / UNITS_PER_TOKEN;
          usd += (v / UNITS_PER_TOKEN) * tok.priceUsd;
        }
      });
      out.set(this.accounts.address[a]!, {
        address: this.accounts.address[a]! as Address,
        firstSeen: firstSeen[a]!, lastSeen: lastSeen[a]!, activeDays: activeDays[a]!,
        transferCount: transfers[a]!, dappTxCount: calls[a]!,
        distinctDapps: distinctDapps[a]!, distinctContracts: distinctContracts[a]!,
        claimCount: claims[a]!, claimedAmount: claimed[a]! / UNITS_PER_TOKEN,
        borrowCount: borrows[a]!, repayCount: repays[a]!, liquidationCount: liquidations[a]!,
        holdingsUsd: Math.round(usd * 100) / 100, balances: bal,
      });
    }
    this.profiles = out;
    return out;
  }
}

/** Dataset sizes: the default (scale 1) is the one the README's figures describe. */
export function createDataset(opts: DatasetOptions = {}): Dataset {
  return new Dataset(generate(opts));
}
