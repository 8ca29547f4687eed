import { describe, expect, it } from 'vitest';
import { createPaintSnapshot, SNAPSHOT_KEY, type SyncStore } from '../../../lib/stats/paint-snapshot.ts';
import { defaultUiState, type StatsUiState } from '../../../lib/stats/ui-state.ts';

/** An in-memory Web Storage, with a quota to exceed on demand. */
function memoryStore(quotaChars = Infinity): SyncStore & { data: Map<string, string>; writes: number } {
  const data = new Map<string, string>();
  return {
    data,
    writes: 0,
    getItem: (k) => data.get(k) ?? null,
    setItem(k, v) {
      if (v.length > quotaChars) throw new DOMException('quota', 'QuotaExceededError');
      this.writes++;
      data.set(k, v);
    },
    removeItem: (k) => void data.delete(k),
  };
}

/** Runs scheduled writes when the test says so. */
function manualSchedule() {
  const queue: (() => void)[] = [];
  return { schedule: (w: () => void) => void queue.push(w), flush: () => queue.splice(0).forEach((w) => w()) };
}

const ui: StatsUiState = { ...defaultUiState, filters: { ...defaultUiState.filters, project: 'nebula' }, recentProjects: ['nebula'] };
const entry = (storedAt: number, value: unknown = { total: storedAt }) => ({ value, storedAt });
const LIMITS = { maxEntries: 3, maxEntryChars: 200 };

describe('paint snapshot', () => {
  it('gives a later page what an earlier one painted, synchronously', () => {
    const store = memoryStore();
    const { schedule, flush } = manualSchedule();
    const first = createPaintSnapshot(store, LIMITS, schedule);
    first.rememberUi(ui);
    first.rememberEntry('holderChange?project_id=nebula', entry(1000));
    flush();

    const next = createPaintSnapshot(store, LIMITS, schedule);
    expect(next.ui()).toEqual(ui);
    expect(next.entry('holderChange?project_id=nebula')).toEqual(entry(1000));
    expect(next.entry('other')).toBeUndefined();
  });

  it('writes once for every block painted in one render', () => {
    const store = memoryStore();
    const { schedule, flush } = manualSchedule();
    const snap = createPaintSnapshot(store, LIMITS, schedule);
    snap.rememberEntry('a', entry(1));
    snap.rememberEntry('b', entry(2));
    snap.rememberUi(ui);
    flush();
    expect(store.writes).toBe(1);
    // Nothing new: no write at all.
    snap.rememberEntry('a', entry(1));
    snap.rememberUi({ ...ui });
    flush();
    expect(store.writes).toBe(1);
  });

  it('keeps the most recently stored entries, and leaves large ones to the asynchronous read', () => {
    const store = memoryStore();
    const { schedule, flush } = manualSchedule();
    const snap = createPaintSnapshot(store, LIMITS, schedule);
    for (const [k, t] of [['a', 1], ['b', 2], ['c', 3]] as const) snap.rememberEntry(k, entry(t));
    snap.rememberEntry('a', entry(4)); // a newer answer for a: now the most recent
    snap.rememberEntry('d', entry(5)); // pushes out the oldest, b
    snap.rememberEntry('big', entry(6, 'x'.repeat(500)));
    flush();
    const reread = createPaintSnapshot(store, LIMITS, schedule);
    expect(['a', 'b', 'c', 'd', 'big'].filter((k) => reread.entry(k))).toEqual(['a', 'c', 'd']);
    expect(reread.entry('a')).toEqual(entry(4));
  });

  it('measures a large entry once: painting it again writes nothing', () => {
    const store = memoryStore();
    const { schedule, flush } = manualSchedule();
    const snap = createPaintSnapshot(store, LIMITS, schedule);
    snap.rememberEntry('a', entry(1));
    flush();
    const big = entry(2, 'x'.repeat(500));
    snap.rememberEntry('big', big);
    snap.rememberEntry('big', big);
    flush();
    expect(store.writes).toBe(1);
  });

  it('drops a large newer answer rather than keep painting the older one', () => {
    const snap = createPaintSnapshot(memoryStore(), LIMITS, () => undefined);
    snap.rememberEntry('a', entry(1));
    snap.rememberEntry('a', entry(2, 'x'.repeat(500)));
    expect(snap.entry('a')).toBeUndefined();
  });

  it('ignores what does not check out: another version, broken JSON, entries without a time', () => {
    for (const raw of ['{not json', JSON.stringify({ v: 2, ui, entries: [] }), JSON.stringify({ v: 1, ui: { filters: 3 }, entries: [['a', { value: 1 }], 'junk'] })]) {
      const store = memoryStore();
      store.data.set(SNAPSHOT_KEY, raw);
      const snap = createPaintSnapshot(store, LIMITS);
      expect(snap.ui()).toBeNull();
      expect(snap.entry('a')).toBeUndefined();
    }
  });

  it('fills in view-state fields an older snapshot lacks', () => {
    const store = memoryStore();
    const { options: _o, section: _s, ...partial } = ui;
    store.data.set(SNAPSHOT_KEY, JSON.stringify({ v: 1, ui: partial, entries: [] }));
    expect(createPaintSnapshot(store, LIMITS).ui()).toEqual({ ...ui, options: {}, section: 'holders' });
  });

  it('forgets everything when cleared (the service changed)', () => {
    const store = memoryStore();
    const { schedule, flush } = manualSchedule();
    const snap = createPaintSnapshot(store, LIMITS, schedule);
    snap.rememberUi(ui);
    snap.rememberEntry('a', entry(1));
    flush();
    snap.clear();
    expect(store.data.has(SNAPSHOT_KEY)).toBe(false);
    expect(snap.entry('a')).toBeUndefined();
    expect(createPaintSnapshot(store, LIMITS).ui()).toBeNull();
  });

  it('works without storage, and survives a full one', () => {
    const none = createPaintSnapshot(undefined, LIMITS, (w) => w());
    none.rememberEntry('a', entry(1));
    expect(none.entry('a')).toEqual(entry(1)); // this page still has it
    const full = memoryStore(10);
    const snap = createPaintSnapshot(full, LIMITS, (w) => w());
    expect(() => snap.rememberEntry('a', entry(1))).not.toThrow();
    expect(full.data.has(SNAPSHOT_KEY)).toBe(false);
  });
});
