import { describe, expect, it } from 'vitest';
import { durationsFrom, environmentOf, expectedTimes, groupedByWorker, longestFirst } from '../../setup/longest-first.ts';

describe('the order test files start in', () => {
  it('is longest expected first; a file never timed starts before them all; equal ones keep their order', () => {
    const expected = new Map([['b', 30_000], ['c', 90_000], ['d', 30_000], ['e', 1000]]);
    expect(longestFirst(['a-new', 'b', 'c', 'd', 'e'], (f) => f, (p) => expected.get(p))).toEqual(['a-new', 'c', 'b', 'd', 'e']);
  });

  it('expects what this machine\'s last run took, else the committed estimate in seconds', () => {
    const last = { suite: 'e2e', ms: 1, files: [{ file: 'test/e2e/proof.e2e.test.ts', ms: 71_000, passed: true }] };
    const expected = expectedTimes(last, { 'test/e2e/proof.e2e.test.ts': 95, 'test/e2e/smoke.e2e.test.ts': 3 });
    expect(expected('test/e2e/proof.e2e.test.ts')).toBe(71_000);
    expect(expected('test/e2e/smoke.e2e.test.ts')).toBe(3000);
    expect(expected('test/e2e/new.e2e.test.ts')).toBeUndefined();
    expect(expectedTimes(undefined, undefined)('x')).toBeUndefined();
  });

  it('estimates are a full run\'s times in whole seconds, by suite and file', () => {
    expect(durationsFrom([
      { suite: 'e2e', ms: 9, files: [{ file: 'b.e2e.test.ts', ms: 61_499, passed: true }, { file: 'a.e2e.test.ts', ms: 120, passed: false }] },
      { suite: 'unit', ms: 9, files: [] },
    ])).toEqual({ e2e: { 'a.e2e.test.ts': 1, 'b.e2e.test.ts': 61 }, unit: {} });
  });

  it('puts the files one kind of worker runs side by side, each kind in its order, the kind of the first file first', () => {
    const kind = new Map([['tarball', 'node'], ['render', 'dom'], ['proof', 'node'], ['forms', 'dom'], ['quick', 'node']]);
    // Interleaved, each change of kind would cost a new worker process.
    expect(groupedByWorker(['tarball', 'render', 'proof', 'forms', 'quick'], (f) => kind.get(f)!)).toEqual(['tarball', 'proof', 'quick', 'render', 'forms']);
    expect(groupedByWorker([], () => 'node')).toEqual([]);
  });

  // Spelled in pieces: vitest reads the tag from anywhere in a test file's text, this one's included.
  const TAG = ['@vitest', 'environment'].join('-');
  it('reads a file\'s environment from its tag comment, as vitest does, else the project\'s', () => {
    expect(environmentOf(`// ${TAG} happy-dom\nimport { h } from 'preact';`, 'node')).toBe('happy-dom');
    expect(environmentOf(`/**\n * ${TAG} jsdom\n */`, 'node')).toBe('jsdom');
    expect(environmentOf('import { it } from \'vitest\';', 'node')).toBe('node');
  });
});
