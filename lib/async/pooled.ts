/**
 * Runs `work(i)` for every index below `count`, in index order, at most
 * `limit` at once (at least one). `stop` is asked before each new index: once
 * it says so, nothing more starts and the runs under way finish.
 */
export async function pooled(count: number, limit: number, work: (i: number) => Promise<void>, stop: () => boolean = () => false): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (!stop() && next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(count, Math.max(1, limit)) }, lane));
}
