/** The generated dataset: determinism, metadata contract, chain-like invariants, sizes, wallet directory. */
import { privateKeyToAccount } from 'viem/accounts';
import { toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  AccountKind, ACTION_LIST, ACTIONS, CONTRACTS, createDataset, EventKind, NULL_ADDRESS, PROJECT_IDS, PROJECTS,
  TOKENS, UNITS_PER_TOKEN, type Dataset,
} from './index.ts';

const ANCHOR = '2026-01-15T12:00:00Z';
const small = (seed = 'ds') => createDataset({ seed, anchor: ANCHOR, scale: 0.02 });

function fingerprint(ds: Dataset): string {
  let h = 0;
  const e = ds.events;
  for (let i = 0; i < e.count; i += 7) h = (Math.imul(h, 31) + e.time[i]! + e.from[i]! * 3 + e.to[i]! * 5 + e.amount[i]!) | 0;
  return `${e.count}:${ds.visits.count}:${h}:${ds.accounts.address[ds.accounts.count - 1]}`;
}

describe('metadata', { timeout: 60_000 }, () => {
  it('has the fixed projects with their chains and web analytics', () => {
    expect(PROJECT_IDS).toEqual(['nebula', 'tidal', 'quartz']);
    const by = Object.fromEntries(PROJECTS.map((p) => [p.id, p]));
    expect(by.nebula!.chains).toHaveLength(3);
    expect(by.nebula!.webAnalytics).toBe(true);
    expect(by.tidal!.chains).toHaveLength(2);
    expect(by.tidal!.webAnalytics).toBe(true);
    expect(by.quartz!.chains).toHaveLength(1);
    expect(by.quartz!.webAnalytics).toBe(false);
    for (const p of PROJECTS) {
      expect(p.tokens.length).toBeGreaterThan(0);
      expect(p.dapps.length).toBeGreaterThan(1);
      expect(p.contracts.some((c) => c.role === 'rewards')).toBe(true);
      expect(p.foundationWallets.length).toBeGreaterThan(0);
      expect(p.competitors.length + p.partners.length).toBeGreaterThan(0);
      for (const t of p.tokens) for (const d of t.deployments) expect(p.chains).toContain(d.chainId);
      for (const c of p.chains) expect(c).toMatch(/^\d+$/);
    }
    expect(PROJECTS.some((p) => p.dapps.some((d) => d.projectType === 'lending'))).toBe(true);
  });

  it('addresses are lower-case 0x + 40 hex and unique', () => {
    const all = [...CONTRACTS.map((c) => c.address), ...TOKENS.flatMap((t) => t.deployments.map((d) => d.address)), ...PROJECTS.flatMap((p) => p.foundationWallets.map((f) => f.address))];
    for (const a of all) expect(a).toMatch(/^0x[0-9a-f]{40}$/);
    expect(new Set(all).size).toBe(all.length);
  });

  it('action ids are the keccak selectors of their signatures', () => {
    for (const a of Object.values(ACTIONS)) expect(toFunctionSelector(`function ${a.signature}`)).toBe(a.id);
  });
});

describe('generation', { timeout: 60_000 }, () => {
  it('is deterministic from seed and anchor', () => {
    expect(fingerprint(small('a'))).toBe(fingerprint(small('a')));
    expect(fingerprint(small('a'))).not.toBe(fingerprint(small('b')));
    expect(fingerprint(createDataset({ seed: 'a', anchor: '2026-02-15T12:00:00Z', scale: 0.02 }))).not.toBe(fingerprint(small('a')));
  });

  it('ends at the anchor and covers whole days before it, events sorted by time', () => {
    const ds = small();
    const anchor = Date.parse(ANCHOR) / 1000;
    const e = ds.events;
    expect(e.time[e.count - 1]!).toBeLessThan(anchor);
    expect(e.time[0]!).toBeGreaterThanOrEqual(ds.firstDay * 86400);
    for (let i = 1; i < e.count; i++) if (e.time[i]! < e.time[i - 1]!) throw new Error(`unsorted at ${i}`);
    for (let d = 0; d < ds.days; d++) {
      for (let i = ds.eventDayStart[d]!; i < ds.eventDayStart[d + 1]!; i++) expect(Math.floor(e.time[i]! / 86400)).toBe(ds.firstDay + d);
    }
    expect(ds.nowSeconds()).toBe(anchor);
  });

  it('never lets a balance go negative, and every call targets a contract', () => {
    const ds = small();
    const e = ds.events;
    const bal = new Map<string, number>();
    for (let i = 0; i < e.count; i++) {
      if (e.kind[i] === EventKind.CALL) {
        expect(ds.accounts.kind[e.to[i]!]).toBe(AccountKind.CONTRACT);
        continue;
      }
      expect(Number.isInteger(e.amount[i]!) && e.amount[i]! > 0).toBe(true);
      const from = `${e.token[i]}:${e.chain[i]}:${e.from[i]}`;
      const to = `${e.token[i]}:${e.chain[i]}:${e.to[i]}`;
      if (ds.accounts.address[e.from[i]!] !== NULL_ADDRESS) {
        const b = (bal.get(from) ?? 0) - e.amount[i]!;
        if (b < 0) throw new Error(`negative balance at event ${i}`);
        bal.set(from, b);
      }
      bal.set(to, (bal.get(to) ?? 0) + e.amount[i]!);
    }
  });

  it('has varied behaviour: claims, lending with liquidations, competitors, visits only where web analytics is set up', () => {
    const ds = small();
    const e = ds.events;
    const types = new Map<string, number>();
    for (let i = 0; i < e.count; i++) {
      if (e.kind[i] !== EventKind.CALL) continue;
      const t = ACTION_LIST[e.action[i]!]!.actionType;
      types.set(t, (types.get(t) ?? 0) + 1);
    }
    for (const t of ['claim', 'borrow', 'repay', 'liquidate', 'swap', 'stake', 'bridge', 'trade', 'buy']) expect(types.get(t) ?? 0).toBeGreaterThan(0);
    const projectsWithVisits = new Set<number>();
    for (let i = 0; i < ds.visits.count; i++) projectsWithVisits.add(ds.visits.project[i]!);
    expect([...projectsWithVisits].map((p) => ds.projects[p]!.id).sort()).toEqual(['nebula', 'tidal']);
    expect(ds.visits.count).toBeGreaterThan(0);
  });

  it('the default dataset meets the size requirements', () => {
    const ds = createDataset({ seed: 'vantage', anchor: ANCHOR });
    const wallets = ds.accounts.count - ds.accounts.firstWallet;
    expect(wallets).toBeGreaterThanOrEqual(50_000);
    expect(ds.events.count).toBeGreaterThanOrEqual(1_000_000);
    expect(ds.days).toBeGreaterThanOrEqual(180);
    const seen = new Set<number>();
    for (let i = 0; i < ds.events.count; i += 3) seen.add(ds.events.from[i]!);
    expect(seen.size).toBeGreaterThan(25_000);
  }, 120_000);
});

describe('wallet directory', { timeout: 60_000 }, () => {
  const ds = small('wallets');

  it('profiles come from the events', () => {
    const e = ds.events;
    const addr = ds.walletAddresses();
    expect(addr.length).toBeGreaterThan(1000);
    const a = addr[Math.floor(addr.length / 2)]!;
    const idx = ds.accountIndex(a)!;
    let transfers = 0;
    let calls = 0;
    let first = Infinity;
    let last = 0;
    const bal: Record<string, number> = {};
    for (let i = 0; i < e.count; i++) {
      const involved = e.from[i] === idx || (e.kind[i] === EventKind.TRANSFER && e.to[i] === idx);
      if (!involved) continue;
      first = Math.min(first, e.time[i]!);
      last = Math.max(last, e.time[i]!);
      if (e.kind[i] === EventKind.TRANSFER) {
        transfers++;
        const t = TOKENS[e.token[i]!]!.id;
        bal[t] = (bal[t] ?? 0) + (e.to[i] === idx ? e.amount[i]! : -e.amount[i]!);
      } else calls++;
    }
    const p = ds.walletProfile(a.toUpperCase().replace('0X', '0x'))!;
    expect(p).toMatchObject({ address: a, transferCount: transfers, dappTxCount: calls, firstSeen: first, lastSeen: last });
    for (const [t, v] of Object.entries(bal)) if (v > 0) expect(p.balances[t]).toBeCloseTo(v / UNITS_PER_TOKEN, 6);
    expect(ds.walletProfile(`0x${'9'.repeat(40)}`)).toBeUndefined();
  });

  it('demo wallets: keys derive from the seed, behaviour differs', () => {
    const demo = ds.demoWallets();
    expect(demo.length).toBe(5);
    expect(createDataset({ seed: 'wallets', anchor: ANCHOR, scale: 0.02 }).demoWallets()).toEqual(demo);
    for (const d of demo) {
      expect(privateKeyToAccount(d.privateKey).address.toLowerCase()).toBe(d.address);
      expect(ds.walletProfile(d.address)).toBeDefined();
    }
    const by = (label: RegExp) => ds.walletProfile(demo.find((d) => label.test(d.label))!.address)!;
    const regular = by(/regular/);
    const whale = by(/whale/);
    const oneOff = by(/one-off/);
    const borrower = by(/liquidated/);
    const dormant = by(/dormant/);
    const anchor = Date.parse(ANCHOR) / 1000;
    expect(regular.activeDays).toBeGreaterThan(60);
    expect(regular.liquidationCount).toBe(0);
    expect(whale.holdingsUsd).toBeGreaterThan(500_000);
    expect(oneOff.activeDays).toBe(1);
    expect(anchor - oneOff.firstSeen).toBeLessThan(7 * 86400);
    expect(borrower.borrowCount).toBeGreaterThan(0);
    expect(borrower.liquidationCount).toBeGreaterThan(0);
    expect(anchor - dormant.lastSeen).toBeGreaterThan(90 * 86400);
    expect(dormant.holdingsUsd).toBeGreaterThan(100);
  });
});
