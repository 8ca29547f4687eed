import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sealedJson, sealJson } from '@/lib/settings/sealed-json.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { followStored, type Followed } from '@/lib/storage/follow.ts';
import { eventually } from '@/test/unit/eventually.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';

/** A promise and the functions that settle it, for answers that arrive when the test says. */
function later<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A stored value whose first read answers when the test says, and whose changes the test sends. */
function source<T>() {
  const first = later<T>();
  let send: ((v: T) => void) | undefined;
  let stopped = false;
  const followed: Followed<T> = {
    read: () => first.promise,
    watch: (cb) => {
      send = cb;
      return () => {
        stopped = true;
      };
    },
  };
  return { followed, first, change: (v: T) => send!(v), stopped: () => stopped };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('followStored: the first read, then every change', () => {
  it('shows the first read, then each change', async () => {
    const s = source<number>();
    const shown: number[] = [];
    followStored(s.followed, (v) => shown.push(v));
    s.first.resolve(1);
    await eventually(() => expect(shown).toEqual([1]));
    s.change(2);
    s.change(3);
    expect(shown).toEqual([1, 2, 3]);
  });

  it('drops a first read that answers after a change: the page never goes back to the older value', async () => {
    const s = source<string>();
    const shown: string[] = [];
    followStored(s.followed, (v) => shown.push(v));
    s.change('after the undo');
    s.first.resolve('before the undo');
    await settle();
    expect(shown).toEqual(['after the undo']);
  });

  it('says unreadable when the first read fails, unless a change already came', async () => {
    const failing = source<number>();
    let unreadable = 0;
    followStored(failing.followed, () => undefined, () => unreadable++);
    failing.first.reject(new Error('storage gone'));
    await eventually(() => expect(unreadable).toBe(1));

    const changed = source<number>();
    const shown: number[] = [];
    followStored(changed.followed, (v) => shown.push(v), () => unreadable++);
    changed.change(5);
    changed.first.reject(new Error('late failure'));
    await settle();
    expect(unreadable).toBe(1);
    expect(shown).toEqual([5]);
  });

  it('once stopped, shows nothing more and stops watching', async () => {
    const s = source<number>();
    const shown: number[] = [];
    const stop = followStored(s.followed, (v) => shown.push(v));
    stop();
    s.first.resolve(1);
    await settle();
    expect(shown).toEqual([]);
    expect(s.stopped()).toBe(true);
  });
});

describe('sealedJson.watch', () => {
  beforeEach(() => fakeBrowser.reset());

  it('ends on the newest value when an older change opens last', async () => {
    const base = memoryVault();
    // Each opening of the watcher waits for the test, so the test decides which change opens first.
    const gates: Array<() => void> = [];
    let gated = false;
    const vault: KeyVault = {
      getKey: async () => {
        const key = await base.getKey();
        if (gated) await new Promise<void>((r) => gates.push(r));
        return key;
      },
    };
    const item = sealedJson<number>('local:followed', vault, 0, (v) => (typeof v === 'number' ? v : null));
    const seen: number[] = [];
    item.watch((v) => seen.push(v));
    const [two, three] = await Promise.all([sealJson(base, 2), sealJson(base, 3)]);
    gated = true;
    await fakeBrowser.storage.local.set({ followed: two });
    await fakeBrowser.storage.local.set({ followed: three });
    await eventually(() => expect(gates).toHaveLength(2));
    gates[1]!();
    await eventually(() => expect(seen).toEqual([3]));
    gates[0]!();
    await settle();
    await settle();
    expect(seen).toEqual([3]);
  });
});
