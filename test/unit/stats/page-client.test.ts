import { describe, expect, it, vi } from 'vitest';
import { batchedPeek } from '../../../lib/stats/page-client.ts';

describe('batchedPeek', () => {
  it('reads every key asked for in one tick with one storage read', async () => {
    const getMany = vi.fn(async (keys: readonly string[]) => new Map(keys.filter((k) => k !== 'c').map((k) => [k, { value: k, storedAt: 1 }])));
    const peek = batchedPeek(getMany);
    const [a, b, c, a2] = await Promise.all([peek('a'), peek('b'), peek('c'), peek('a')]);
    expect(getMany).toHaveBeenCalledTimes(1);
    expect(getMany).toHaveBeenCalledWith(['a', 'b', 'c']);
    expect([a?.value, b?.value, c, a2?.value]).toEqual(['a', 'b', undefined, 'a']);
    await peek('d');
    expect(getMany).toHaveBeenCalledTimes(2);
  });

  it('answers nothing stored when storage fails', async () => {
    const peek = batchedPeek(async () => Promise.reject(new Error('gone')));
    expect(await peek('a')).toBeUndefined();
  });
});
