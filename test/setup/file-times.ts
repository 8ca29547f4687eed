/**
 * How long each test file took, kept per suite (test-results/file-times/<suite>.json, written by
 * slowest-files-reporter.ts) so that `npm test` can end with the slowest files of all its suites.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const FILE_TIMES_DIR = join('test-results', 'file-times');

export interface FileTime {
  /** The file's path from the repository root. */
  readonly file: string;
  /** From the file's start in its worker to its end: its own wall time, set-up and tests. */
  readonly ms: number;
  readonly passed: boolean;
}

export interface SuiteTimes {
  readonly suite: string;
  /** The suite's wall time, first file started to last file ended. */
  readonly ms: number;
  readonly files: readonly FileTime[];
}

/** The `n` slowest files across suites, slowest first. */
export function slowestFiles(suites: readonly SuiteTimes[], n = 10): (FileTime & { suite: string })[] {
  return suites.flatMap((s) => s.files.map((f) => ({ ...f, suite: s.suite }))).sort((a, b) => b.ms - a.ms).slice(0, n);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What `npm test` prints last. */
export function describeSlowest(suites: readonly SuiteTimes[], n = 10): string {
  const rows = slowestFiles(suites, n);
  if (rows.length === 0) return 'No test file times recorded.';
  const width = Math.max(...rows.map((r) => r.file.length));
  return [
    `The ${rows.length} slowest test files (${suites.map((s) => `${s.suite}: ${s.files.length} files in ${seconds(s.ms)}`).join('; ')}):`,
    ...rows.map((r) => `  ${seconds(r.ms).padStart(8)}  ${r.file.padEnd(width)}  ${r.suite}${r.passed ? '' : ', FAILED'}`),
  ].join('\n');
}

/** Every suite's recorded times (a missing folder: none). */
export async function readSuiteTimes(dir = FILE_TIMES_DIR): Promise<SuiteTimes[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const suites = await Promise.all(names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as SuiteTimes));
  return suites.sort((a, b) => a.suite.localeCompare(b.suite));
}
