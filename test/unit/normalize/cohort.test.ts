import { describe, expect, it } from 'vitest';
import { operationViews } from '@/lib/stats/operation-views.ts';
import { ref } from './fixtures.ts';

const NOV_1 = Date.UTC(2023, 10, 1) / 1000;
const NOV_8 = Date.UTC(2023, 10, 8) / 1000;
const NOV_15 = Date.UTC(2023, 10, 15) / 1000;

describe('retention', () => {
  it('reads the real shape', () => {
    expect(operationViews.retention.normalize(ref.retention)).toEqual({
      periods: [1, 2, 3],
      rows: [
        {
          cohort: '2023-11-01',
          start: NOV_1,
          total: 310,
          counts: [120, 88, 61],
          rates: [120 / 310, 88 / 310, 61 / 310],
        },
        {
          cohort: '2023-11-08',
          start: NOV_8,
          total: 275,
          counts: [101, 70, null],
          rates: [101 / 275, 70 / 275, null],
        },
      ],
    });
  });

  it('damaged: unsorted cohorts, strings, non-date keys, impossible dates, bad periods, missing total, extra fields', () => {
    const body = {
      '2023-11-08': { total: '275', retention: { '2': '70', '1': 101, avg: 5, '1.5': 3, '-1': 4, '3': 'NaN' } },
      '2023-11-01': { total: 310, retention: { '1': 120, '3': 61 }, note: 'x' },
      summary: { total: 585 },
      '2023-11-15': { retention: { '1': 40 } },
      '2023-02-30': { total: 5, retention: { '1': 1 } },
    };
    expect(operationViews.retention.normalize(body)).toEqual({
      periods: [1, 2, 3],
      rows: [
        { cohort: '2023-11-01', start: NOV_1, total: 310, counts: [120, null, 61], rates: [120 / 310, null, 61 / 310] },
        { cohort: '2023-11-08', start: NOV_8, total: 275, counts: [101, 70, null], rates: [101 / 275, 70 / 275, null] },
        { cohort: '2023-11-15', start: NOV_15, total: null, counts: [40, null, null], rates: [null, null, null] },
      ],
    });
  });

  it('damaged: one cohort under two spellings keeps the first values, filling gaps; a zero total has no rates', () => {
    const body = {
      '2023-11-01': { total: 0, retention: { '1': 0 } },
      '2023-11-01T00:00:00Z': { total: 9, retention: { '1': 5, '2': 2 } },
      [String(NOV_1 * 1000)]: { total: 8, retention: { '3': 1 } },
    };
    expect(operationViews.retention.normalize(body)).toEqual({
      periods: [1, 2, 3],
      rows: [{ cohort: '2023-11-01', start: NOV_1, total: 0, counts: [0, 2, 1], rates: [null, null, null] }],
    });
  });

  it('damaged: timestamp keys are cohorts too', () => {
    expect(operationViews.retention.normalize({ [NOV_8]: { total: 10, retention: { '1': 5 } } })).toEqual({
      periods: [1],
      rows: [{ cohort: '2023-11-08', start: NOV_8, total: 10, counts: [5], rates: [0.5] }],
    });
  });

  it('damaged: wrongly typed retention and cohorts', () => {
    const body = { '2023-11-01': { total: 310, retention: [120, 88] }, '2023-11-08': null, '2023-11-09': { retention: 'x' } };
    expect(operationViews.retention.normalize(body)).toEqual({
      periods: [],
      rows: [{ cohort: '2023-11-01', start: NOV_1, total: 310, counts: [], rates: [] }],
    });
  });

  it('damaged: empty and wrongly typed bodies', () => {
    for (const body of [{}, null, [], 'No data', { '2023-11-01': {} }]) {
      expect(operationViews.retention.normalize(body)).toEqual({ periods: [], rows: [] });
    }
  });
});
