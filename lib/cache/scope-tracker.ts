/**
 * A page's view of the current cache scope (lib/cache/scope.ts): worked out
 * when first asked and again after each change, one after the other so the
 * last change wins, each result handed to `adopt` (the paint snapshot).
 * Reads that span a change are run again, so an entry read, or an answer
 * fetched, under the old scope is never painted under the new one.
 */
export interface ScopeTracker {
  scope(): Promise<string | null>;
  /** What the scope is made of (the service, the key) changed: work it out again. */
  changed(): void;
  /** Runs `task` under the current scope, and again for as long as the scope changes while it runs. */
  run<T>(task: (scope: string | null) => Promise<T>): Promise<T>;
  /**
   * Runs `task`, which does not need the scope, at once, while the scope is
   * worked out (it takes the key and WebCrypto); again for as long as the
   * scope changes while it runs.
   */
  guard<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Calls `then` once the scope current now is worked out (and adopted),
   * unless it changes meanwhile or cannot be worked out: for what may only be
   * kept under a known scope (an answer `guard` handed out before it was).
   */
  afterScope(then: () => void): void;
}

export function scopeTracker(read: () => Promise<string | null>, adopt: (scope: string | null) => void): ScopeTracker {
  let current: Promise<string | null> | undefined;
  const next = async () => {
    const found = await read();
    adopt(found);
    return found;
  };
  const start = (work: Promise<string | null>) => {
    current = work;
    // A failure is not kept: the next ask tries again.
    work.catch(() => {
      if (current === work) current = undefined;
    });
    return work;
  };
  const scope = () => current ?? start(next());
  return {
    scope,
    changed() {
      if (current) start(current.catch(() => null).then(next));
    },
    async guard(task) {
      for (;;) {
        const before = scope();
        const out = await task();
        // No change since the task began: the answer stands, whether or not the scope is worked out yet
        // (on a cold open the worker's answer can come first; waiting for the scope held the first paint).
        if (current === before) return out;
        // A failed read also clears `current`: no scope could be worked out (no key), nothing to compare against.
        const known = await before.then(() => true, () => false);
        if (!known) return out;
      }
    },
    afterScope(then) {
      const now = scope();
      now.then(() => {
        if (current === now) then();
      }, () => undefined);
    },
    async run(task) {
      for (;;) {
        const before = scope();
        const out = await task(await before);
        if (current === before) return out;
      }
    },
  };
}
