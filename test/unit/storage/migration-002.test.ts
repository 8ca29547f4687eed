import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { storageAlertStore } from '@/lib/alerts/store.ts';
import { badgeSettingItem } from '@/lib/badge/setting.ts';
import { readPins } from '@/lib/pins/store.ts';
import { getApiKey } from '@/lib/settings/store.ts';
import { MIGRATIONS } from '@/lib/storage/migrations/index.ts';
import { migration002 } from '@/lib/storage/migrations/002-change-causes.ts';
import { runMigrations } from '@/lib/storage/run-migrations.ts';
import { setAsideStore } from '@/lib/storage/set-aside.ts';
import { statsUiItem } from '@/lib/stats/ui-state.ts';
import { inTurn } from '@/lib/async/in-turn.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { contextFor, FIXTURES, local, openedStorage, SCHEMA_1_FIXTURES, seedFixture, stoppingArea } from './fixture.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

const migrate = (vault = memoryVault(), area = local()) => runMigrations(contextFor(vault, area), MIGRATIONS, inTurn());
const fixture = SCHEMA_1_FIXTURES.bc338ad!;

describe('migration 2: the cause of a missing change in alert states', () => {
  it('says "no complete day yet" where schema 1 stored no-current without complete days, and keeps "unknown" where days were complete', async () => {
    const vault = memoryVault();
    await seedFixture(fixture, vault);
    expect(await migrate(vault)).toEqual({ from: 1, to: 2, newer: false });
    const { state } = await storageAlertStore.load();
    expect(state.rules['rule-4']).toEqual({ lastCheck: 1764210000000, change: { kind: 'no-complete-day' }, lastChange: 1.5 });
    expect(state.rules['rule-5']).toEqual({ lastCheck: 1764210000000, change: { kind: 'no-current' }, changeDays: 30, firedOn: '2026-11-25' });
  });

  it('changes nothing else: every store reads as before, nothing is set aside', async () => {
    const vault = memoryVault();
    await seedFixture(fixture, vault);
    const before = await openedStorage(vault);
    await migrate(vault);
    const after = await openedStorage(vault);
    const rules = (before.alertState as { rules: Record<string, unknown> }).rules;
    expect(after).toEqual({
      ...before,
      schemaVersion: 2,
      alertState: { ...(before.alertState as object), rules: { ...rules, 'rule-4': { ...(rules['rule-4'] as object), change: { kind: 'no-complete-day' } } } },
    });
    expect(await getApiKey(vault)).toBe(fixture.sealedText.apiKeySealed);
    expect(await badgeSettingItem.getValue()).toEqual(fixture.local.badge);
    expect(await statsUiItem.getValue()).toEqual(fixture.local.statsUi);
    expect(await readPins()).toEqual(fixture.local.pinnedProjects);
    const alerts = await storageAlertStore.load();
    expect(alerts.rules.map((r) => r.id)).toEqual(['rule-1', 'rule-2', 'rule-3', 'rule-4', 'rule-5']);
    expect(alerts.state.held).toEqual((fixture.local.alertState as { held: unknown }).held);
    expect(await setAsideStore(vault).get()).toEqual([]);
  });

  it('running it again changes nothing', async () => {
    const vault = memoryVault();
    await seedFixture(fixture, vault);
    await migration002.migrate(contextFor(vault));
    const once = await openedStorage(vault);
    await migration002.migrate(contextFor(vault));
    expect(await openedStorage(vault)).toEqual(once);
  });

  it('a worker stopped at any write resumes to the same result', async () => {
    const reference = memoryVault();
    await seedFixture(fixture, reference);
    const full = stoppingArea(Infinity);
    await migrate(reference, full);
    const expected = await openedStorage(reference);
    expect(full.changes).toBeGreaterThan(0);
    for (let stopAt = 1; stopAt <= full.changes; stopAt++) {
      fakeBrowser.reset();
      const vault = memoryVault();
      await seedFixture(fixture, vault);
      await expect(migrate(vault, stoppingArea(stopAt))).rejects.toThrow('worker stopped');
      await migrate(vault);
      expect(await openedStorage(vault), `stopped at change ${stopAt}`).toEqual(expected);
    }
  });

  it('leaves a damaged or empty alert state to the store\'s own checks, and storage without one alone', async () => {
    const vault = memoryVault();
    for (const alertState of [undefined, 'garbage', { rules: 'x' }, { rules: { a: null, b: { change: 'x' } } }]) {
      fakeBrowser.reset();
      await local().set({ schemaVersion: 1, ...(alertState === undefined ? {} : { alertState }) });
      await migrate(vault);
      expect(await local().get(null)).toEqual({ schemaVersion: 2, ...(alertState === undefined ? {} : { alertState }) });
    }
  });

  it('every layout before schema 1 still reaches schema 2 in one run', async () => {
    for (const f of Object.values(FIXTURES)) {
      fakeBrowser.reset();
      const vault = memoryVault();
      await seedFixture(f, vault);
      expect(await migrate(vault)).toEqual({ from: 0, to: 2, newer: false });
    }
  });
});
