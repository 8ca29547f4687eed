/**
 * A Vitest reporter beside the default one: records each test file's wall time (its start in a
 * worker to its end) in test-results/file-times/<suite>.json for `npm test`'s closing list of the
 * slowest files (test/setup/test-all.ts). The suite is named by the reporter's option.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { FILE_TIMES_DIR, type FileTime, type SuiteTimes } from './file-times.ts';

export default class SlowestFilesReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly files: FileTime[] = [];
  private runStarted = performance.now();

  constructor(private readonly options: { suite: string }) {}

  onTestRunStart(): void {
    this.runStarted = performance.now();
  }

  onTestModuleQueued(module: TestModule): void {
    this.started.set(module.moduleId, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const from = this.started.get(module.moduleId) ?? this.runStarted;
    this.files.push({ file: relative(process.cwd(), module.moduleId), ms: Math.round(performance.now() - from), passed: module.ok() });
  }

  async onTestRunEnd(): Promise<void> {
    const times: SuiteTimes = { suite: this.options.suite, ms: Math.round(performance.now() - this.runStarted), files: this.files };
    await mkdir(FILE_TIMES_DIR, { recursive: true });
    await writeFile(join(FILE_TIMES_DIR, `${this.options.suite}.json`), JSON.stringify(times, null, 1));
  }
}
