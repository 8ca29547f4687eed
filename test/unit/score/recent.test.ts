import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { recentLookups, RECENT_LIMIT, withRecent, type RecentLookup } from '@/lib/score/recent.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';

const entry = (n: number, scoreId = 'credit-v1'): RecentLookup => ({
  address: `0x${n.toString(16).padStart(40, '0')}`, scoreId, score: 600 + n, at: n,
});

beforeEach(() => fakeBrowser.reset());

describe('withRecent', () => {
  it('puts the newest first, replaces the same (address, model) and keeps a short list', () => {
    let list: RecentLookup[] = [];
    for (let i = 1; i <= RECENT_LIMIT + 2; i++) list = withRecent(list, entry(i));
    expect(list.map((r) => r.at)).toEqual([8, 7, 6, 5, 4, 3]);
    list = withRecent(list, { ...entry(5), at: 99 });
    expect(list.map((r) => r.at)).toEqual([99, 8, 7, 6, 4, 3]);
    // Same address under another model is another entry.
    expect(withRecent(list, entry(8, 'activity')).filter((r) => r.address === entry(8).address)).toHaveLength(2);
  });
});

describe('stored recent lookups', () => {
  it('are remembered and cleared', async () => {
    const recent = recentLookups(memoryVault());
    await recent.remember(entry(1));
    await recent.remember(entry(2));
    expect((await recent.load()).map((r) => r.at)).toEqual([2, 1]);
    await recent.clear();
    expect(await recent.load()).toEqual([]);
  });

  it('stay cleared when a lookup being remembered was still writing (the sealed store clears in turn)', async () => {
    const recent = recentLookups(memoryVault());
    await recent.remember(entry(1));
    const remembering = recent.remember(entry(2));
    await recent.clear();
    await remembering;
    expect(await recent.load()).toEqual([]);
  });

  it('are unreadable in storage, and a list written there by anyone else counts for nothing', async () => {
    const recent = recentLookups(memoryVault());
    await recent.remember(entry(7));
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(entry(7).address);
    await fakeBrowser.storage.local.set({ scoreRecent: [entry(1), { address: 'nope' }, null, 'x'] });
    expect(await recent.load()).toEqual([]);
  });
});
