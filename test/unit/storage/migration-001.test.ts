import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storageAlertStore } from '@/lib/alerts/store.ts';
import { badgeSettingItem } from '@/lib/badge/setting.ts';
import { recentLookups } from '@/lib/score/recent.ts';
import { defaultSettings } from '@/lib/settings/schema.ts';
import { sealJson } from '@/lib/settings/sealed-json.ts';
import { siteLists } from '@/lib/settings/site-lists.ts';
import { getApiKey, loadSettings } from '@/lib/settings/store.ts';
import { migration001 } from '@/lib/storage/migrations/001-plain-text-into-sealed.ts';
import { runMigrations } from '@/lib/storage/run-migrations.ts';
import { setAsideStore } from '@/lib/storage/set-aside.ts';
import { statsUiItem } from '@/lib/stats/ui-state.ts';
import { watchlistStore } from '@/lib/watch/store.ts';
import { inTurn } from '@/lib/async/in-turn.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { contextFor, FIXTURES, local, openedStorage, seedFixture, stoppingArea, type StorageFixture } from './fixture.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

// Migration 1 alone: the layouts before it become schema 1 (migration-002.test.ts takes schema 1 on).
const migrate = (vault = memoryVault(), area = local()) => runMigrations(contextFor(vault, area), [migration001], inTurn());

/** Every origin and address a fixture's lists hold in clear. */
function listedStrings(f: StorageFixture): string[] {
  const plain = [f.local.allowedSites, f.local.blockedSites, f.local.scoreRecent].flatMap((v) => (Array.isArray(v) ? v : []));
  return plain.map((e) => (e as { origin?: string; address?: string }).origin ?? (e as { address: string }).address);
}

describe('migration 1 from every layout before it', () => {
  for (const [name, fixture] of Object.entries(FIXTURES)) {
    it(`${name}: leaves no plain-text copy of a sealed list, and marks schema 1`, async () => {
      const vault = memoryVault();
      await seedFixture(fixture, vault);
      expect(await migrate(vault)).toEqual({ from: 0, to: 1, newer: false });
      const raw = await local().get(null);
      expect(raw.schemaVersion).toBe(1);
      for (const key of ['allowedSites', 'blockedSites', 'allowedSites$', 'blockedSites$', 'settings$']) expect(raw).not.toHaveProperty(key);
      const text = JSON.stringify(raw);
      for (const s of listedStrings(fixture)) expect(text).not.toContain(s);
      expect(Array.isArray(raw.scoreRecent)).toBe(false);
    });

    it(`${name}: keeps the key, addresses, defaults, badge, last view and cache`, async () => {
      const vault = memoryVault();
      await seedFixture(fixture, vault);
      await migrate(vault);
      expect(await getApiKey(vault)).toBe(fixture.sealedText.apiKeySealed);
      const settings = await loadSettings();
      const stored = fixture.local.settings as Record<string, unknown>;
      for (const k of ['integrationBaseUrl', 'proofPageTemplate', 'defaultProject', 'defaultChainId', 'defaultTokenId', 'minScore', 'verifyBeforeHandOver'] as const) {
        expect(settings[k]).toEqual(stored[k]);
      }
      expect(await badgeSettingItem.getValue()).toEqual(fixture.local.badge);
      expect(await statsUiItem.getValue()).toEqual(fixture.local.statsUi);
      for (const [k, v] of Object.entries(fixture.local)) if (k.startsWith('cache:')) expect((await local().get(k))[k]).toEqual(v);
    });

    it(`${name}: running it again changes nothing`, async () => {
      const vault = memoryVault();
      await seedFixture(fixture, vault);
      await migration001.migrate(contextFor(vault));
      const once = await openedStorage(vault);
      await migration001.migrate(contextFor(vault));
      expect(await openedStorage(vault)).toEqual(once);
    });

    it(`${name}: a worker stopped at any write resumes to the same result, losing nothing on the way`, async () => {
      const reference = memoryVault();
      await seedFixture(fixture, reference);
      const full = stoppingArea(Infinity);
      await migrate(reference, full);
      const expected = await openedStorage(reference);
      for (let stopAt = 1; stopAt <= full.changes; stopAt++) {
        fakeBrowser.reset();
        const vault = memoryVault();
        await seedFixture(fixture, vault);
        await expect(migrate(vault, stoppingArea(stopAt))).rejects.toThrow('worker stopped');
        // Stopped: each listed site and lookup is still somewhere it can be read from.
        const half = JSON.stringify(await openedStorage(vault));
        for (const s of listedStrings(fixture)) expect(half, `stopped at change ${stopAt}`).toContain(s);
        await migrate(vault);
        expect(await openedStorage(vault), `stopped at change ${stopAt}`).toEqual(expected);
      }
    });
  }
});

describe('migration 1, layout by layout', () => {
  it('0296be6: allowed sites and lookups move into the sealed stores; the http:// address of another host is set aside, not replaced silently', async () => {
    const vault = memoryVault();
    await seedFixture(FIXTURES['0296be6']!, vault);
    await migrate(vault);
    expect(await siteLists(vault).get()).toEqual({ allowed: FIXTURES['0296be6']!.local.allowedSites, blocked: [] });
    expect(await siteLists(vault).isListed('allowed', 'https://swap.example:8443')).toBe(true);
    expect(await recentLookups(vault).load()).toEqual(FIXTURES['0296be6']!.local.scoreRecent);
    expect((await loadSettings()).dataBaseUrl).toBe(defaultSettings.dataBaseUrl);
    expect(await setAsideStore(vault).get()).toEqual([
      expect.objectContaining({ source: 'settings', reason: 'invalid', field: 'dataBaseUrl', value: 'http://stats.example.com/dev', at: 1_764_200_000_000 }),
    ]);
  });

  it('2722f27: both lists move; entries no build accepts are set aside with their values', async () => {
    const vault = memoryVault();
    await seedFixture(FIXTURES['2722f27']!, vault);
    await migrate(vault);
    expect(await siteLists(vault).get()).toEqual({
      allowed: [{ origin: 'https://dapp.example', addedAt: 1763890000000 }],
      blocked: [{ origin: 'https://spam.example', addedAt: 1763890100000 }],
    });
    expect((await recentLookups(vault).load()).map((r) => r.address)).toEqual(['0x3333333333333333333333333333333333333333']);
    const records = await setAsideStore(vault).get();
    expect(records.map((r) => [r.source, r.value])).toEqual([
      ['siteLists', [{ origin: 'chrome-extension://abcdefghijklmnop', addedAt: 1763890050000 }]],
      ['scoreRecent', [{ address: 'not-an-address', scoreId: 'credit-v1', score: 1, at: 1763890150000 }]],
    ]);
  });

  it('0.1.0: every store reads as before; only WXT\'s version mark goes, and nothing is set aside', async () => {
    const f = FIXTURES['0.1.0']!;
    const vault = memoryVault();
    await seedFixture(f, vault);
    const before = await openedStorage(vault);
    await migrate(vault);
    const { settings$: _mark, ...kept } = before;
    expect(await openedStorage(vault)).toEqual({ ...kept, schemaVersion: 1 });
    expect(await siteLists(vault).get()).toEqual(f.sealed.siteLists);
    expect(await watchlistStore(vault).get()).toEqual(f.sealed.watchlist);
    const alerts = await storageAlertStore.load();
    expect(alerts.rules.map((r) => r.id)).toEqual(['rule-1', 'rule-2']);
    expect(alerts.schedule).toEqual(f.local.alertSchedule);
    expect(await setAsideStore(vault).get()).toEqual([]);
  });

  it('settings of layout 1 (no mark, the old names) get the new names', async () => {
    const vault = memoryVault();
    await local().set({ settings: { dataBaseUrl: 'https://api.example.com/dev', proofUrl: 'https://proof.example/{sessionId}', project: 'nebula', minScore: '640', verify: false } });
    await migrate(vault);
    expect((await local().get('settings')).settings).toEqual({
      ...defaultSettings,
      dataBaseUrl: 'https://api.example.com/dev',
      proofPageTemplate: 'https://proof.example/{sessionId}',
      defaultProject: 'nebula',
      minScore: 640,
      verifyBeforeHandOver: false,
    });
    expect(await setAsideStore(vault).get()).toEqual([]);
  });

  it('merges plain lists into sealed ones: a site stays on one list, the sealed one winning, then blocked before allowed', async () => {
    const vault = memoryVault();
    await local().set({
      siteLists: await sealJson(vault, { allowed: [{ origin: 'https://a.example', addedAt: 1 }], blocked: [] }),
      allowedSites: [{ origin: 'https://b.example', addedAt: 2 }, { origin: 'https://c.example', addedAt: 3 }],
      blockedSites: [{ origin: 'https://a.example', addedAt: 4 }, { origin: 'https://b.example', addedAt: 5 }],
    });
    await migrate(vault);
    expect(await siteLists(vault).get()).toEqual({
      allowed: [{ origin: 'https://a.example', addedAt: 1 }, { origin: 'https://c.example', addedAt: 3 }],
      blocked: [{ origin: 'https://b.example', addedAt: 5 }],
    });
  });

  it('a sealed store this vault cannot open is recorded as unreadable, then cleared', async () => {
    const other = memoryVault();
    const vault = memoryVault();
    await local().set({ watchlist: await sealJson(other, [{ address: '0x5555555555555555555555555555555555555555' }]) });
    await migrate(vault);
    expect(await local().get('watchlist')).toEqual({});
    expect(await setAsideStore(vault).get()).toEqual([expect.objectContaining({ source: 'watchlist', reason: 'unreadable' })]);
  });

  it('alert rules that no longer parse are set aside; the others stay as stored', async () => {
    const f = FIXTURES['0.1.0']!;
    const vault = memoryVault();
    const broken = { id: 'rule-3', metric: 'noSuchMetric', filters: {}, condition: { kind: 'above', value: 1 } };
    await local().set({ alertRules: [...(f.local.alertRules as unknown[]), broken] });
    await migrate(vault);
    expect((await local().get('alertRules')).alertRules).toEqual(f.local.alertRules);
    expect(await setAsideStore(vault).get()).toEqual([expect.objectContaining({ source: 'alertRules', value: [broken] })]);
  });

  it('a schedule, badge or last view that no longer validates is set aside and removed, so its default is what the user is told of', async () => {
    const f = FIXTURES['0.1.0']!;
    const vault = memoryVault();
    const schedule = { periodMinutes: 7, quiet: { enabled: true, start: '25:00', end: '07:00' } };
    const badge = { metric: 'noSuchMetric', filters: { project: 'nebula' }, periodMinutes: 30 };
    const statsUi = { filters: 'nebula' };
    await local().set({ alertSchedule: schedule, badge, statsUi });
    await migrate(vault);
    expect(await local().get(['alertSchedule', 'badge', 'statsUi'])).toEqual({});
    expect(await setAsideStore(vault).get()).toEqual([
      expect.objectContaining({ source: 'alertSchedule', reason: 'invalid', value: schedule }),
      expect.objectContaining({ source: 'badge', reason: 'invalid', value: badge }),
      expect.objectContaining({ source: 'statsUi', reason: 'invalid', value: statsUi }),
    ]);
    // The 0.1.0 fixture's own values all validate: kept as stored.
    fakeBrowser.reset();
    const again = memoryVault();
    await seedFixture(f, again);
    await migrate(again);
    const kept = await local().get(['alertSchedule', 'badge', 'statsUi']);
    for (const key of ['alertSchedule', 'badge', 'statsUi'] as const) expect(kept[key]).toEqual(f.local[key]);
    expect(await setAsideStore(again).get()).toEqual([]);
  });

  it('a vault out of reach fails the migration with storage untouched, so a later start runs it again', async () => {
    const f = FIXTURES['0296be6']!;
    const vault = memoryVault();
    await seedFixture(f, vault);
    const before = await local().get(null);
    await expect(migrate({ getKey: () => Promise.reject(new Error('IndexedDB closed')) })).rejects.toThrow('IndexedDB closed');
    expect(await local().get(null)).toEqual(before);
  });
});
