import { describe, expect, it, vi } from 'vitest';
import { scopeTracker } from '@/lib/cache/scope-tracker.ts';
import { eventually } from '@/test/unit/eventually.ts';

/** Scope reads the test answers by hand, in the order they were made. */
function deferredReads() {
  const pending: { resolve: (scope: string | null) => void; reject: (e: unknown) => void }[] = [];
  const read = vi.fn(() => new Promise<string | null>((resolve, reject) => pending.push({ resolve, reject })));
  return { read, pending };
}

describe('scope tracker (a page\'s view of the cache scope)', () => {
  it('works the scope out once, hands it to the snapshot, and again after a change', async () => {
    const { read, pending } = deferredReads();
    const adopted: (string | null)[] = [];
    const t = scopeTracker(read, (s) => adopted.push(s));
    const first = t.scope();
    expect(t.scope()).toBe(first);
    pending[0]!.resolve('A');
    expect(await first).toBe('A');
    t.changed();
    await eventually(() => expect(pending).toHaveLength(2));
    pending[1]!.resolve('B');
    expect(await t.scope()).toBe('B');
    expect(adopted).toEqual(['A', 'B']);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('works changes out one after the other, so the last change wins', async () => {
    const { read, pending } = deferredReads();
    const adopted: (string | null)[] = [];
    const t = scopeTracker(read, (s) => adopted.push(s));
    const first = t.scope();
    pending[0]!.resolve('A');
    await first;
    t.changed();
    t.changed();
    await eventually(() => expect(pending).toHaveLength(2));
    expect(pending).toHaveLength(2); // the second change waits for the first
    pending[1]!.resolve('B');
    await eventually(() => expect(pending).toHaveLength(3));
    pending[2]!.resolve('C');
    expect(await t.scope()).toBe('C');
    expect(adopted).toEqual(['A', 'B', 'C']);
  });

  it('runs a read again when the scope changed while it ran: nothing of the old scope comes out', async () => {
    const { read, pending } = deferredReads();
    const t = scopeTracker(read, () => undefined);
    const tasks: { scope: string | null; resolve: (v: string) => void }[] = [];
    const task = vi.fn((scope: string | null) => new Promise<string>((resolve) => tasks.push({ scope, resolve })));
    const result = t.run(task);
    pending[0]!.resolve('A');
    await eventually(() => expect(tasks).toHaveLength(1));
    t.changed();
    tasks[0]!.resolve('entry of A'); // a late answer
    await eventually(() => expect(pending).toHaveLength(2));
    pending[1]!.resolve('B');
    await eventually(() => expect(tasks).toHaveLength(2));
    expect(tasks[1]!.scope).toBe('B');
    tasks[1]!.resolve('entry of B');
    expect(await result).toBe('entry of B');
  });

  it('does not keep a failed read: the next ask tries again', async () => {
    const { read, pending } = deferredReads();
    const t = scopeTracker(read, () => undefined);
    const failed = t.scope();
    pending[0]!.reject(new Error('vault unavailable'));
    await expect(failed).rejects.toThrow('vault unavailable');
    const again = t.scope();
    pending[1]!.resolve('A');
    expect(await again).toBe('A');
  });

  it('guard: runs a task that needs no scope at once, while the scope is worked out, and again if it changed meanwhile', async () => {
    const { read, pending } = deferredReads();
    const t = scopeTracker(read, () => undefined);
    let asked = 0;
    const task = vi.fn(async () => ++asked);
    const out = t.guard(task);
    // Not waiting for the scope.
    expect(task).toHaveBeenCalledTimes(1);
    t.changed();
    pending[0]!.resolve('A');
    await eventually(() => expect(pending).toHaveLength(2));
    pending[1]!.resolve('B');
    // The first answer spanned the change: asked again, under B.
    expect(await out).toBe(2);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('guard: answers as soon as the task does when nothing changed, not once the scope is worked out', async () => {
    const { read, pending } = deferredReads();
    const t = scopeTracker(read, () => undefined);
    const out = t.guard(async () => 'answer');
    // The scope read is still pending (a cold open's vault and WebCrypto): the answer does not wait for it.
    expect(await out).toBe('answer');
    expect(pending).toHaveLength(1);
  });

  it('afterScope: runs once the current scope is worked out and adopted', async () => {
    const { read, pending } = deferredReads();
    const adopted: (string | null)[] = [];
    const t = scopeTracker(read, (s) => adopted.push(s));
    const seen: string[] = [];
    t.afterScope(() => seen.push(`kept under ${adopted.join()}`));
    await Promise.resolve();
    expect(seen).toEqual([]);
    pending[0]!.resolve('A');
    await eventually(() => expect(seen).toEqual(['kept under A']));
  });

  it('afterScope: does not run when the scope changes before it is worked out, or cannot be', async () => {
    const { read, pending } = deferredReads();
    const t = scopeTracker(read, () => undefined);
    const seen: string[] = [];
    t.afterScope(() => seen.push('under the old scope'));
    t.changed();
    pending[0]!.resolve('A');
    await eventually(() => expect(pending).toHaveLength(2));
    t.afterScope(() => seen.push('under the new scope'));
    pending[1]!.resolve('B');
    await eventually(() => expect(seen).toEqual(['under the new scope']));

    const failing = scopeTracker(read, () => undefined);
    failing.afterScope(() => seen.push('without a scope'));
    const read3 = failing.scope();
    pending[2]!.reject(new Error('vault unavailable'));
    await expect(read3).rejects.toThrow('vault unavailable');
    expect(seen).toEqual(['under the new scope']);
  });

  it('guard: answers the task\'s outcome when no scope can be worked out', async () => {
    const { read, pending } = deferredReads();
    const t = scopeTracker(read, () => undefined);
    const out = t.guard(async () => 'answer');
    pending[0]!.reject(new Error('no key'));
    expect(await out).toBe('answer');
  });
});
