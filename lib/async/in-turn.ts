/**
 * A queue of jobs run one at a time, in the order they were handed in: each
 * starts once every earlier one has settled (failed ones too). For
 * read-modify-writes of one stored item that must never overlap.
 */
export type InTurn = <R>(job: () => Promise<R>) => Promise<R>;

export function inTurn(): InTurn {
  let chain: Promise<unknown> = Promise.resolve();
  return (job) => {
    const next = chain.then(job);
    chain = next.catch(() => undefined);
    return next;
  };
}
