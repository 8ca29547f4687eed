/**
 * Follows a stored value from a page: its first read, then every change. The
 * first read is asked for before any change arrives but can answer after one
 * (a sealed value opens asynchronously): an answer older than a change it lost
 * the race to is dropped, so the page never goes back to what was there before.
 */
export interface Followed<T> {
  read(): Promise<T>;
  /** Calls back with each new value; returns a function that stops it. */
  watch(cb: (value: T) => void): () => void;
}

/**
 * `show` gets the first read, then each change; `unreadable` runs if the first read fails (and nothing changed
 * meanwhile). Returns a function that stops both (a late answer after it is dropped too).
 */
export function followStored<T>(source: Followed<T>, show: (value: T) => void, unreadable?: () => void): () => void {
  let live = true;
  let changed = false;
  source.read().then(
    (value) => {
      if (live && !changed) show(value);
    },
    () => {
      if (live && !changed) unreadable?.();
    },
  );
  const stop = source.watch((value) => {
    changed = true;
    if (live) show(value);
  });
  return () => {
    live = false;
    stop();
  };
}
