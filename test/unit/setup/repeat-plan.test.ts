import { describe, expect, it } from 'vitest';
import { describeRun, parseRepeatArgs, summarise, USAGE } from '../../setup/repeat-plan.ts';

describe('npm run test:repeat', () => {
  it('takes a test file and a number of runs (10 by default), and knows the file\'s suite by its name', () => {
    expect(parseRepeatArgs(['test/e2e/proof.e2e.test.ts', '3'])).toEqual({ file: 'test/e2e/proof.e2e.test.ts', runs: 3, suite: 'e2e', atOnce: 1 });
    expect(parseRepeatArgs(['test/unit/proof/flow.test.ts'])).toEqual({ file: 'test/unit/proof/flow.test.ts', runs: 10, suite: 'unit', atOnce: 1 });
    expect(parseRepeatArgs(['test/unit/stats/blocks-render.test.tsx', '1'])).toMatchObject({ suite: 'unit', runs: 1 });
  });

  it('runs K side by side with --at-once K, wherever it stands, to give a file the load it meets in npm test', () => {
    const plan = { file: 'test/e2e/proof-fairness.e2e.test.ts', runs: 10, suite: 'e2e', atOnce: 3 };
    expect(parseRepeatArgs(['test/e2e/proof-fairness.e2e.test.ts', '10', '--at-once', '3'])).toEqual(plan);
    expect(parseRepeatArgs(['--at-once', '3', 'test/e2e/proof-fairness.e2e.test.ts', '10'])).toEqual(plan);
    expect(parseRepeatArgs(['test/e2e/proof-fairness.e2e.test.ts', '--at-once', '3'])).toEqual(plan);
    for (const k of ['0', '7', '1.5', 'three', '-2']) {
      expect(parseRepeatArgs(['a.test.ts', '10', '--at-once', k])).toEqual({ error: `test:repeat: --at-once is a whole number from 1 to 6, not "${k}".` });
    }
    expect(parseRepeatArgs(['a.test.ts', '--at-once'])).toEqual({ error: 'test:repeat: --at-once is a whole number from 1 to 6, not "".' });
    expect(parseRepeatArgs(['--at-once', '2'])).toEqual({ error: USAGE });
  });

  it('says what is wrong, in one line and the usage, instead of running anything', () => {
    expect(parseRepeatArgs([])).toEqual({ error: USAGE });
    expect(parseRepeatArgs(['a.test.ts', '2', 'extra'])).toEqual({ error: USAGE });
    expect(parseRepeatArgs(['README.md'])).toMatchObject({ error: expect.stringContaining('README.md is not a test file') });
    for (const n of ['0', '-1', '2.5', 'ten', '101']) {
      expect(parseRepeatArgs(['a.test.ts', n])).toMatchObject({ error: expect.stringContaining(`not "${n}"`) });
    }
  });

  it('prints each run as it ends, pointing at the output of a failed one', () => {
    expect(describeRun(2, 10, { passed: true, ms: 61_234 }, 'x.log')).toBe('run 2/10: passed in 61.2 s');
    expect(describeRun(3, 10, { passed: false, ms: 5_000 }, 'test-results/repeat/p.3.log')).toBe('run 3/10: FAILED in 5.0 s (its output: test-results/repeat/p.3.log)');
  });

  it('ends with the pass count, the slowest run and the median', () => {
    const runs = [{ passed: true, ms: 60_000 }, { passed: false, ms: 90_000 }, { passed: true, ms: 70_000 }, { passed: true, ms: 64_000 }];
    expect(summarise('p.e2e.test.ts', runs)).toBe('p.e2e.test.ts: 3 of 4 runs passed\nslowest run: 90.0 s (run 2, failed); median 67.0 s');
    expect(summarise('p.e2e.test.ts', runs.slice(0, 1))).toBe('p.e2e.test.ts: 1 of 1 runs passed\nslowest run: 60.0 s (run 1, passed); median 60.0 s');
    expect(summarise('p.e2e.test.ts', runs, 3)).toBe('p.e2e.test.ts: 3 of 4 runs passed, 3 at a time\nslowest run: 90.0 s (run 2, failed); median 67.0 s');
  });
});
