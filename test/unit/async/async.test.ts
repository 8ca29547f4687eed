import { describe, expect, it } from 'vitest';
import { inTurn } from '@/lib/async/in-turn.ts';
import { pooled } from '@/lib/async/pooled.ts';

/** A promise settled from outside. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe('inTurn', () => {
  it('starts each job only once every earlier one has settled, failed ones too', async () => {
    const turn = inTurn();
    const log: string[] = [];
    const first = gate();
    const a = turn(async () => {
      log.push('a starts');
      await first.opened;
      throw new Error('a failed');
    });
    const b = turn(async () => {
      log.push('b starts');
      return 'b';
    });
    await Promise.resolve();
    expect(log).toEqual(['a starts']);
    first.open();
    await expect(a).rejects.toThrow('a failed');
    expect(await b).toBe('b');
    expect(log).toEqual(['a starts', 'b starts']);
  });
});

describe('pooled', () => {
  it('runs every index in order, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await pooled(7, 3, async (i) => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await Promise.resolve();
      running--;
    });
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(3);
  });

  it('starts nothing more once told to stop; a limit below one still runs one lane', async () => {
    const started: number[] = [];
    let stop = false;
    await pooled(10, 0, async (i) => {
      started.push(i);
      if (i === 2) stop = true;
    }, () => stop);
    expect(started).toEqual([0, 1, 2]);
  });
});
