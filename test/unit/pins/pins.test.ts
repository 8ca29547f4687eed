import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { pinStore } from '@/lib/pins/change.ts';
import { dropIndex, MAX_PINS, moveProject, moveProjectBy, parsePins, pinnedFirst, pinProject, unpinProject } from '@/lib/pins/pins.ts';
import { readPins, watchPins } from '@/lib/pins/store.ts';
import { setAsideStore } from '@/lib/storage/set-aside.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';

const ten = Array.from({ length: MAX_PINS }, (_, i) => `p${i}`);

describe('pinning (pure)', () => {
  it('pins last, once, up to the limit; refuses what is no project id', () => {
    expect(pinProject([], ' nebula ')).toEqual({ ok: true, list: ['nebula'] });
    const list = ['nebula', 'tidal'];
    expect(pinProject(list, 'quartz')).toEqual({ ok: true, list: ['nebula', 'tidal', 'quartz'] });
    // Already pinned: the same list object, nothing to write.
    expect(pinProject(list, 'tidal')).toEqual({ ok: true, list });
    expect((pinProject(list, 'tidal') as { list: unknown }).list).toBe(list);
    expect(pinProject(ten, 'one-more')).toEqual({ ok: false, reason: 'limit' });
    // At the limit a pinned one is still fine (nothing grows).
    expect(pinProject(ten, 'p3')).toEqual({ ok: true, list: ten });
    for (const bad of ['', 'two words', '-lead', 'a/b', 'x'.repeat(65)]) expect(pinProject([], bad)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('unpins, keeping the others in order', () => {
    expect(unpinProject(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    const list = ['a'];
    expect(unpinProject(list, 'zz')).toBe(list);
  });

  it('moves a project to an index, clamped, the others keeping their order', () => {
    const l = ['a', 'b', 'c', 'd'];
    expect(moveProject(l, 'a', 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveProject(l, 'd', 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveProject(l, 'b', 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveProject(l, 'c', -5)).toEqual(['c', 'a', 'b', 'd']);
    expect(moveProject(l, 'b', 1)).toBe(l);
    expect(moveProject(l, 'zz', 0)).toBe(l);
  });

  it('moves by one place up or down, stopping at either end (the keyboard’s moves)', () => {
    const l = ['a', 'b', 'c'];
    expect(moveProjectBy(l, 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveProjectBy(l, 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveProjectBy(l, 'a', -1)).toBe(l);
    expect(moveProjectBy(l, 'c', 1)).toBe(l);
  });

  it('drops a dragged row before or after the row it is over (the drag’s moves)', () => {
    const l = ['a', 'b', 'c', 'd'];
    const drop = (p: string, over: number, after: boolean) => moveProject(l, p, dropIndex(l.indexOf(p), over, after));
    expect(drop('a', 2, false)).toEqual(['b', 'a', 'c', 'd']);
    expect(drop('a', 2, true)).toEqual(['b', 'c', 'a', 'd']);
    expect(drop('d', 0, false)).toEqual(['d', 'a', 'b', 'c']);
    expect(drop('d', 1, true)).toEqual(['a', 'b', 'd', 'c']);
    expect(drop('b', 1, true)).toEqual(l);
    expect(drop('b', 2, false)).toEqual(l);
    expect(drop('a', 3, true)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('reads a stored list tolerantly: keeps project ids once and up to the limit, rejects the rest', () => {
    expect(parsePins(undefined)).toEqual({ kept: [], rejected: [] });
    expect(parsePins(['nebula', 'nebula', 42, 'bad id', 'tidal'])).toEqual({ kept: ['nebula', 'tidal'], rejected: ['nebula', 42, 'bad id'] });
    expect(parsePins({ nebula: true })).toEqual({ kept: [], rejected: [{ nebula: true }] });
    expect(parsePins([...ten, 'eleventh'])).toEqual({ kept: ten, rejected: ['eleventh'] });
  });

  it('orders pinned projects before the others, each once', () => {
    expect(pinnedFirst(['tidal', 'quartz'], ['nebula', 'tidal'])).toEqual(['tidal', 'quartz', 'nebula']);
  });
});

describe('the pin store', () => {
  const vault = memoryVault();
  beforeEach(() => fakeBrowser.reset());

  it('pins, reorders and unpins in storage.local, in plain text, and says why a pin is refused', async () => {
    const store = pinStore(vault);
    expect(await readPins()).toEqual([]);
    for (const p of ['nebula', 'tidal', 'quartz']) expect((await store.pin(p)).ok).toBe(true);
    expect((await fakeBrowser.storage.local.get('pinnedProjects')).pinnedProjects).toEqual(['nebula', 'tidal', 'quartz']);
    expect(await store.move('quartz', 0)).toEqual(['quartz', 'nebula', 'tidal']);
    expect(await store.unpin('nebula')).toEqual(['quartz', 'tidal']);
    expect(await readPins()).toEqual(['quartz', 'tidal']);
    expect(await store.pin('no such id')).toEqual({ ok: false, reason: 'invalid' });
    for (let i = 0; i < MAX_PINS - 2; i++) await store.pin(`p${i}`);
    expect(await store.pin('one-too-many')).toEqual({ ok: false, reason: 'limit' });
    expect(await readPins()).toHaveLength(MAX_PINS);
  });

  it('runs changes one at a time: two pins asked together both land', async () => {
    const store = pinStore(vault);
    await Promise.all([store.pin('nebula'), store.pin('tidal'), store.move('nebula', 5)]);
    expect(await readPins()).toEqual(['tidal', 'nebula']);
  });

  it('sets aside entries that do not validate before a change writes the list without them', async () => {
    await fakeBrowser.storage.local.set({ pinnedProjects: ['nebula', 'bad id', 7, 'nebula'] });
    // Reading leaves storage as it is.
    expect(await readPins()).toEqual(['nebula']);
    expect((await fakeBrowser.storage.local.get('pinnedProjects')).pinnedProjects).toHaveLength(4);
    await pinStore(vault, () => 1234).pin('tidal');
    expect(await readPins()).toEqual(['nebula', 'tidal']);
    expect((await fakeBrowser.storage.local.get('pinnedProjects')).pinnedProjects).toEqual(['nebula', 'tidal']);
    const records = await setAsideStore(vault).get();
    expect(records).toEqual([expect.objectContaining({ source: 'pinnedProjects', reason: 'invalid', value: ['bad id', 7, 'nebula'], at: 1234 })]);
  });

  it('sets aside a stored value that is no list at all, whole', async () => {
    await fakeBrowser.storage.local.set({ pinnedProjects: 'nebula' });
    expect(await readPins()).toEqual([]);
    await pinStore(vault).pin('tidal');
    expect(await readPins()).toEqual(['tidal']);
    expect((await setAsideStore(vault).get()).map((r) => r.value)).toEqual([['nebula']]);
  });

  it('tells watchers each new list', async () => {
    const seen: unknown[] = [];
    const stop = watchPins((l) => seen.push(l));
    await pinStore(vault).pin('nebula');
    await expect.poll(() => seen).toEqual([['nebula']]);
    stop();
  });
});
