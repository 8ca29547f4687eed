import { describe, expect, it } from 'vitest';
import type { Dataset, DatasetOptions } from './index.ts';
import { datasetCache } from './shared.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 28, 12);

/** A cache over a counting maker (a stand-in dataset per call) and a clock the test moves. */
function counted() {
  const calls: DatasetOptions[] = [];
  let clock = T0;
  const get = datasetCache((o) => {
    calls.push(o);
    return { made: calls.length } as unknown as Dataset;
  }, () => clock);
  return { get, calls, at: (ms: number) => (clock = ms) };
}

describe('datasetCache: one dataset per set of options in a process', () => {
  it('makes a dataset once for the same options, and one each for different options', () => {
    const c = counted();
    const a = c.get({ scale: 0.1 });
    expect(c.get({ scale: 0.1 })).toBe(a);
    expect(c.get({ scale: 0.05 })).not.toBe(a);
    expect(c.get({ scale: 0.1, seed: 'other' })).not.toBe(a);
    expect(c.get({ scale: 0.1, days: 30 })).not.toBe(a);
    expect(c.calls).toHaveLength(4);
  });

  it('takes a pinned anchor the same however it is written', () => {
    const c = counted();
    const a = c.get({ scale: 0.1, anchor: new Date(T0) });
    expect(c.get({ scale: 0.1, anchor: new Date(T0) })).toBe(a);
    expect(c.get({ scale: 0.1, anchor: new Date(T0 + 1000) })).not.toBe(a);
  });

  it('reuses a dataset anchored on the clock the same UTC day only; a pinned one any day', () => {
    const c = counted();
    c.at(Date.UTC(2026, 10, 28, 23, 59));
    const live = c.get({ scale: 0.1 });
    const pinned = c.get({ scale: 0.1, anchor: '2026-01-15T00:00:00Z' });
    c.at(Date.UTC(2026, 10, 28, 23, 59, 59));
    expect(c.get({ scale: 0.1 })).toBe(live);
    c.at(Date.UTC(2026, 10, 29, 0, 0, 1));
    const next = c.get({ scale: 0.1 });
    expect(next).not.toBe(live);
    expect(c.get({ scale: 0.1 })).toBe(next);
    expect(c.get({ scale: 0.1, anchor: '2026-01-15T00:00:00Z' })).toBe(pinned);
    c.at(T0 + 3 * DAY);
    expect(c.get({ scale: 0.1, anchor: '2026-01-15T00:00:00Z' })).toBe(pinned);
  });

  it('keeps at most 8 option sets, dropping the oldest made', () => {
    const c = counted();
    const first = c.get({ scale: 0.01 });
    for (let i = 2; i <= 9; i++) c.get({ scale: i / 100 });
    expect(c.calls).toHaveLength(9);
    expect(c.get({ scale: 0.09 })).toBe(c.get({ scale: 0.09 }));
    expect(c.get({ scale: 0.01 })).not.toBe(first);
    expect(c.calls).toHaveLength(10);
  });
});
