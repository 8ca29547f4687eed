import { createDataset, type Dataset, type DatasetOptions } from './index.ts';

/**
 * Datasets made once per set of options in a process: the real-browser suite starts a sandbox or more per
 * file, and a worker runs many files with the same few options, so generating each time (~0.6 CPU-s at scale
 * 0.1) was most of a sandbox's start. A dataset is only read once made (its lazy indexes fill on first use).
 *
 * A dataset whose anchor comes from the clock ends where it was made, and its clock runs on: reused, it is a
 * sandbox that has been up a few minutes. It is reused the same UTC day only, so no test meets a dataset with
 * nothing in today that a fresh start would have.
 */

const DAY_MS = 86_400_000;
/** Distinct option sets kept; the oldest made goes first past this. */
const KEPT = 8;

export function datasetCache(make: (o: DatasetOptions) => Dataset = createDataset, now: () => number = Date.now): (o: DatasetOptions) => Dataset {
  const made = new Map<string, { dataset: Dataset; day: number }>();
  return (o) => {
    const anchor = o.anchor instanceof Date ? o.anchor.getTime() : o.anchor;
    const key = JSON.stringify([o.seed ?? null, anchor ?? null, o.scale ?? null, o.days ?? null]);
    const day = Math.floor(now() / DAY_MS);
    const kept = made.get(key);
    if (kept && (anchor !== undefined || kept.day === day)) return kept.dataset;
    const dataset = make(o);
    made.delete(key);
    made.set(key, { dataset, day });
    if (made.size > KEPT) made.delete(made.keys().next().value!);
    return dataset;
  };
}

/** This process's datasets (startSandbox's, when it is given none). */
export const sharedDataset = datasetCache();
