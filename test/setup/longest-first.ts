/**
 * The order test files start in. Files run a few at a time, so a run ends when its longest files do:
 * they must start first, not last (vitest's own order needs a cache a clean clone does not have). A
 * file's expected time is its time in this machine's last run of the suite
 * (test-results/file-times/<suite>.json), else the committed estimate (test/setup/durations.json,
 * seconds from a full run: `npm run test:durations` writes it from the last one); a file in neither is
 * new and may be long, so it starts first. Files that need another kind of worker (project, environment) queue
 * after the kind the longest file needs, longest first within each kind: a change of kind costs a new worker
 * (groupedByWorker), more than a long file of the later kind starting late.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { FILE_TIMES_DIR, type SuiteTimes } from './file-times.ts';

/** Committed estimates: seconds by file, by suite. */
export type Durations = Record<string, Record<string, number>>;
export const DURATIONS_FILE = join('test', 'setup', 'durations.json');

/** `files` sorted longest expected first; files of equal expectation keep their order. */
export function longestFirst<T>(files: readonly T[], pathOf: (f: T) => string, expectedMs: (path: string) => number | undefined): T[] {
  const key = (f: T) => expectedMs(pathOf(f)) ?? Number.POSITIVE_INFINITY;
  return files.map((f, i) => ({ f, i, k: key(f) })).sort((a, b) => b.k - a.k || a.i - b.i).map(({ f }) => f);
}

/**
 * `ordered` with the files that can share a worker process next to each other, each group keeping its order; the
 * group whose first file comes first in `ordered` goes first. Vitest hands a worker that ran a file in a shared module
 * graph (`isolate: false`) the next queued file only when that file needs the same kind of worker (its project and
 * its environment, node or happy-dom); otherwise it stops the worker and starts another, which loads the setup and
 * every import again (~2 CPU-s here). Interleaved, the unit suite's 20 happy-dom files started 33 workers.
 */
export function groupedByWorker<T>(ordered: readonly T[], workerOf: (f: T) => string): T[] {
  const groups = new Map<string, T[]>();
  for (const f of ordered) {
    const key = workerOf(f);
    const group = groups.get(key) ?? [];
    group.push(f);
    groups.set(key, group);
  }
  return [...groups.values()].flat();
}

/**
 * The environment a test file asks for, as vitest reads it (its tag anywhere in the file, with its options), else
 * `fallback`: what tells vitest whether two files may share a worker.
 */
export function environmentOf(source: string, fallback: string): string {
  const name = /@(?:vitest|jest)-environment\s+([\w-]+)\b/.exec(source)?.[1] ?? fallback;
  const options = /@(?:vitest|jest)-environment-options\s+(.+)/.exec(source)?.[1];
  return options ? `${name} ${options}` : name;
}

/** Expected milliseconds by path: the last run's, else the committed estimate. */
export function expectedTimes(lastRun: SuiteTimes | undefined, estimateSeconds: Record<string, number> | undefined): (path: string) => number | undefined {
  const last = new Map(lastRun?.files.map((f) => [f.file, f.ms]));
  return (path) => last.get(path) ?? (estimateSeconds?.[path] === undefined ? undefined : estimateSeconds[path]! * 1000);
}

/** The estimates a full run's times make (whole seconds, at least 1). */
export function durationsFrom(suites: readonly SuiteTimes[]): Durations {
  return Object.fromEntries(suites.map((s) => [s.suite, Object.fromEntries([...s.files].sort((a, b) => a.file.localeCompare(b.file)).map((f) => [f.file, Math.max(1, Math.round(f.ms / 1000))]))]));
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** The sequencer of one suite, for its vitest config's `sequence.sequencer`. */
export function longestFirstSequencer(suite: string): typeof BaseSequencer {
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const root = this.ctx.config.root;
      const expected = expectedTimes(
        readJson<SuiteTimes>(join(root, FILE_TIMES_DIR, `${suite}.json`)),
        readJson<Durations>(join(root, DURATIONS_FILE))?.[suite],
      );
      const ordered = longestFirst(files, (f) => relative(root, f.moduleId), expected);
      return groupedByWorker(ordered, (f) => `${f.project.name}\0${environmentOf(readFileSync(f.moduleId, 'utf8'), f.project.config.environment || 'node')}`);
    }
  };
}
