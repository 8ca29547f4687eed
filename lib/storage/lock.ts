import { inTurn, type InTurn } from '@/lib/async/in-turn.ts';

/**
 * Runs a job while holding the extension's lock `name`: the popup, Options
 * and the worker share one origin, so the Web Locks API keeps two of them
 * from migrating storage at once. Where it is missing (tests), jobs run one
 * at a time within this context.
 */
interface LockManagerLike {
  request<T>(name: string, cb: () => Promise<T>): Promise<T>;
}

export function originLock(name: string): InTurn {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (locks) return (job) => locks.request(name, job);
  return inTurn();
}
