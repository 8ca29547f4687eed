import { describe, expect, it } from 'vitest';
import { dataOperations, type DataOperationId } from '@/lib/api/catalog.ts';
import { isErrorBody, serviceMessage } from '@/lib/api/body.ts';
import { toAlignedData } from '@/lib/normalize/normalize.ts';
import { hasData, normalize, operationViews } from '@/lib/stats/operation-views.ts';
import { realBodies } from './fixtures.ts';

const ids = Object.keys(operationViews) as DataOperationId[];

/** Bodies no operation can draw anything from. */
const junk: unknown[] = [
  undefined,
  null,
  0,
  42,
  '',
  'No api key',
  true,
  [],
  [null],
  [1, 2, 3],
  {},
  { success: false, message: 'invalid key' },
  { message: 'Internal server error' },
  { a: { b: [1, { c: null }] } },
  { '1700006400': 5, '2023-11-01': 'x' },
  JSON.parse('{"__proto__": {"x": 1}, "constructor": {"prototype": 1}}'),
];

describe('normalizers', () => {
  it('has exactly one normalizer per data operation of the catalog', () => {
    expect([...ids].sort()).toEqual(dataOperations.map((op) => op.id).sort());
  });

  it.each(ids)('%s: draws something from its real body', (id) => {
    const view = operationViews[id].normalize(realBodies[id]);
    expect(hasData(id, view)).toBe(true);
    expect(normalize(id, realBodies[id])).toEqual(view);
  });

  it.each(ids)('%s: never throws, and answers its empty view for unusable bodies', (id) => {
    const empty = operationViews[id].normalize(undefined);
    expect(hasData(id, empty)).toBe(false);
    for (const body of junk) {
      const view = operationViews[id].normalize(body);
      expect(view).toEqual(empty);
      expect(hasData(id, view)).toBe(false);
    }
  });

  it('answers a fresh view each time (callers may mutate theirs)', () => {
    const a = operationViews.dailyUsers.normalize(realBodies.dailyUsers);
    a.series.x.push(1);
    expect(operationViews.dailyUsers.normalize(realBodies.dailyUsers).series.x).toEqual([1700006400]);
  });

  it('answers the empty view should a body make a normalizer fail', () => {
    const hostile = {
      now: { active: 1 },
      get logs(): unknown {
        throw new Error('boom');
      },
    };
    expect(operationViews.holderChange.normalize(hostile)).toEqual(operationViews.holderChange.normalize(undefined));
  });

  it('counts today’s holder figures as data even without a series', () => {
    expect(hasData('holderChange', operationViews.holderChange.normalize({ now: { total: '48213' } }))).toBe(true);
  });

  it('hands series to uPlot', () => {
    expect(toAlignedData(operationViews.dailyUsers.normalize(realBodies.dailyUsers).series)).toEqual([[1700006400], [1830], [5122]]);
  });
});

describe('isErrorBody', () => {
  it('spots the error shapes the service sends with HTTP 200, and their message', () => {
    for (const [body, message] of [
      [{ success: false, message: 'invalid key' }, 'invalid key'],
      [{ message: 'Forbidden' }, 'Forbidden'],
      [{ message: 'Missing Authentication Token', statusCode: 403 }, 'Missing Authentication Token'],
    ] as const) {
      expect(isErrorBody(body)).toBe(true);
      expect(serviceMessage(body)).toBe(message);
    }
  });

  it.each(ids)('%s: takes its real body for data', (id) => {
    expect(isErrorBody(realBodies[id])).toBe(false);
  });

  it('takes empty data for data', () => {
    for (const body of [{}, [], null, { dailyUsers: [] }]) expect(isErrorBody(body)).toBe(false);
  });
});
