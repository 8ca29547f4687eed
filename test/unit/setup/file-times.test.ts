import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeSlowest, readSuiteTimes, slowestFiles, type SuiteTimes } from '../../setup/file-times.ts';

const unit: SuiteTimes = { suite: 'unit', ms: 95_000, files: [{ file: 'test/unit/a.test.ts', ms: 1200, passed: true }, { file: 'test/sandbox/zk/proof.test.ts', ms: 5400, passed: true }] };
const e2e: SuiteTimes = {
  suite: 'e2e', ms: 301_000,
  files: Array.from({ length: 11 }, (_, i) => ({ file: `test/e2e/f${i}.e2e.test.ts`, ms: (i + 1) * 10_000, passed: i !== 3 })),
};

describe('the slowest test files, printed at the end of npm test', () => {
  it('are the ten slowest across every suite, slowest first', () => {
    const rows = slowestFiles([unit, e2e]);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({ file: 'test/e2e/f10.e2e.test.ts', ms: 110_000, passed: true, suite: 'e2e' });
    expect(rows.map((r) => r.ms)).toEqual([...rows.map((r) => r.ms)].sort((a, b) => b - a));
    expect(slowestFiles([unit, e2e], 13).slice(-2).map((r) => r.file)).toEqual(['test/sandbox/zk/proof.test.ts', 'test/unit/a.test.ts']);
  });

  it('print as a table under a line giving each suite\'s size and time, marking a failed file', () => {
    const text = describeSlowest([e2e, unit], 3);
    expect(text.split('\n')).toEqual([
      'The 3 slowest test files (e2e: 11 files in 301.0 s; unit: 2 files in 95.0 s):',
      '   110.0 s  test/e2e/f10.e2e.test.ts  e2e',
      '   100.0 s  test/e2e/f9.e2e.test.ts   e2e',
      '    90.0 s  test/e2e/f8.e2e.test.ts   e2e',
    ]);
    expect(describeSlowest([e2e], 8)).toContain('40.0 s  test/e2e/f3.e2e.test.ts   e2e, FAILED');
    expect(describeSlowest([])).toBe('No test file times recorded.');
  });

  it('are read back from every suite\'s file; a missing folder is no times', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'file-times-'));
    await writeFile(join(dir, 'unit.json'), JSON.stringify(unit));
    await writeFile(join(dir, 'e2e.json'), JSON.stringify(e2e));
    await writeFile(join(dir, 'notes.txt'), 'not a suite');
    expect((await readSuiteTimes(dir)).map((s) => s.suite)).toEqual(['e2e', 'unit']);
    expect(await readSuiteTimes(join(dir, 'missing'))).toEqual([]);
  });
});
