import { describe, expect, it } from 'vitest';
import { createPaintSnapshot, SNAPSHOT_KEY, type SyncStore } from '@/lib/stats/paint-snapshot.ts';
import { defaultUiState, type StatsUiState } from '@/lib/stats/ui-state.ts';

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
const SCOPE_A = 'scope-of-key-a';
const SCOPE_B = 'scope-of-key-b';

/** A page's snapshot, the scope of the settings and key already worked out (as the stats pages do before painting). */
function snapshotIn(store: SyncStore | undefined, schedule?: (w: () => void) => void, scope = SCOPE_A) {
  const snap = createPaintSnapshot(store, LIMITS, schedule);
  snap.adoptScope(scope);
  return snap;
}

describe('paint snapshot', () => {
  it('gives a later page what an earlier one painted, synchronously', () => {
    const store = memoryStore();
    const { schedule, flush } = manualSchedule();
    const first = snapshotIn(store, schedule);
    first.rememberUi(ui);
    first.rememberEntry('holderChange?project_id=nebula', entry(1000));
    flush();

    const next = createPaintSnapshot(store, LIMITS, schedule);
    expect(next.ui()).toEqual(ui);
    expect(next.entry('holderChange?project_id=nebula')).toEqual(entry(1000));
    expect(next.entry('other')).toBeUndefined();
  });

  it('says how old its oldest entry is (none: null), so a page knows it will need the worker', () => {
    const store = memoryStore();
    const { schedule, flush } = manualSchedule();
    const snap = snapshotIn(store, schedule);
    expect(snap.oldestStoredAt()).toBeNull();
    snap.rememberEntry('a', entry(2000));
    snap.rememberEntry('b', entry(1000));
    flush();
    expect(createPaintSnapshot(store, LIMITS, schedule).oldestStoredAt()).toBe(1000);
  });

  it('writes once for every block painted in one render', () => {
    const store = memoryStore();
    const { schedule, flush } = manualSchedule();
    const snap = snapshotIn(store, schedule);
    const afterScope = store.writes;
    snap.rememberEntry('a', entry(1));
    snap.rememberEntry('b', entry(2));
    snap.rememberUi(ui);
    flush();
    expect(store.writes).toBe(afterScope + 1);
    // Nothing new: no write at all.
    snap.rememberEntry('a', entry(1));
    snap.rememberUi({ ...ui });
    snap.adoptScope(SCOPE_A);
    flush();
    expect(store.writes).toBe(afterScope + 1);
  });

  it('keeps the most recently stored entries, and leaves large ones to the asynchronous read', () => {
    const store = memoryStore();
    const { schedule, flush } = manualSchedule();
    const snap = snapshotIn(store, schedule);
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
    const snap = snapshotIn(store, schedule);
    snap.rememberEntry('a', entry(1));
    flush();
    const writes = store.writes;
    const big = entry(2, 'x'.repeat(500));
    snap.rememberEntry('big', big);
    snap.rememberEntry('big', big);
    flush();
    expect(store.writes).toBe(writes);
  });

  it('drops a large newer answer rather than keep painting the older one', () => {
    const snap = snapshotIn(memoryStore(), () => undefined);
    snap.rememberEntry('a', entry(1));
    snap.rememberEntry('a', entry(2, 'x'.repeat(500)));
    expect(snap.entry('a')).toBeUndefined();
  });

  it('ignores what does not check out: another version, broken JSON, a bad scope, entries without a time', () => {
    const damaged = [
      '{not json',
      JSON.stringify({ v: 1, ui, entries: [['a', entry(1)]] }), // before scopes: whose entries, nobody knows
      JSON.stringify({ v: 2, scope: 7, ui, entries: [['a', entry(1)]] }),
      JSON.stringify({ v: 2, scope: SCOPE_A, ui: { filters: 3 }, entries: [['a', { value: 1 }], 'junk'] }),
    ];
    for (const raw of damaged) {
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
    store.data.set(SNAPSHOT_KEY, JSON.stringify({ v: 2, scope: SCOPE_A, ui: partial, entries: [] }));
    expect(createPaintSnapshot(store, LIMITS).ui()).toEqual({ ...ui, options: {}, section: 'holders' });
  });

  it('is not painted under another key: adopting a new scope forgets the old one\'s entries, for every page', () => {
    const store = memoryStore();
    const { schedule, flush } = manualSchedule();
    const popup = snapshotIn(store, schedule);
    popup.rememberUi(ui);
    popup.rememberEntry('a', entry(1));
    flush();
    // Options, after the key changed, works out the new scope.
    createPaintSnapshot(store, LIMITS, schedule).adoptScope(SCOPE_B);
    // The popup's next open, in its first frame: the view state, not the other account's numbers.
    const next = createPaintSnapshot(store, LIMITS, schedule);
    expect(next.entry('a')).toBeUndefined();
    expect(next.ui()).toEqual(ui);
  });

  it('a page still holding the old scope\'s entries cannot write them back', () => {
    const store = memoryStore();
    const { schedule, flush } = manualSchedule();
    const dashboard = snapshotIn(store, schedule);
    dashboard.rememberEntry('a', entry(1));
    flush();
    createPaintSnapshot(store, LIMITS, schedule).adoptScope(SCOPE_B);
    // The dashboard, left open, paints another old-scope block, and its view changes.
    dashboard.rememberEntry('b', entry(2));
    dashboard.rememberUi({ ...ui, section: 'audience' });
    flush();
    const next = createPaintSnapshot(store, LIMITS, schedule);
    expect([next.entry('a'), next.entry('b')]).toEqual([undefined, undefined]);
    expect(next.ui()?.section).toBe('audience');
    // Until it has worked out the new scope itself, whatever it paints may be a late answer of the old one.
    dashboard.rememberEntry('c', entry(3));
    flush();
    expect(createPaintSnapshot(store, LIMITS, schedule).entry('c')).toBeUndefined();
    dashboard.adoptScope(SCOPE_B);
    dashboard.rememberEntry('d', entry(4));
    flush();
    expect(createPaintSnapshot(store, LIMITS, schedule).entry('d')).toEqual(entry(4));
  });

  it('keeps no entry before the page has worked out the scope itself', () => {
    const store = memoryStore();
    snapshotIn(store, (w) => w()).rememberEntry('a', entry(1));
    const next = createPaintSnapshot(store, LIMITS, (w) => w());
    expect(next.entry('a')).toEqual(entry(1)); // painted in the first frame
    next.rememberEntry('b', entry(2)); // but not trusted to be of this scope: not kept
    expect(createPaintSnapshot(store, LIMITS).entry('b')).toBeUndefined();
  });

  it('keeps no entry without a scope (no key: no account to paint numbers of)', () => {
    const store = memoryStore();
    const snap = snapshotIn(store, (w) => w(), SCOPE_A);
    snap.rememberEntry('a', entry(1));
    snap.adoptScope(null);
    snap.rememberEntry('b', entry(2));
    const next = createPaintSnapshot(store, LIMITS);
    expect([next.entry('a'), next.entry('b')]).toEqual([undefined, undefined]);
  });

  it('keeps its entries when the scope worked out is the same (the same key saved again)', () => {
    const store = memoryStore();
    snapshotIn(store, (w) => w()).rememberEntry('a', entry(1));
    createPaintSnapshot(store, LIMITS).adoptScope(SCOPE_A);
    expect(createPaintSnapshot(store, LIMITS).entry('a')).toEqual(entry(1));
  });

  it('works without storage, and survives a full one', () => {
    const none = snapshotIn(undefined, (w) => w());
    none.rememberEntry('a', entry(1));
    expect(none.entry('a')).toEqual(entry(1)); // this page still has it
    const full = memoryStore(10);
    const snap = snapshotIn(full, (w) => w());
    expect(() => snap.rememberEntry('a', entry(1))).not.toThrow();
    expect(full.data.has(SNAPSHOT_KEY)).toBe(false);
  });
});
