import { describe, expect, it } from 'vitest';
import {
  dateToSeconds, paramDefault, parseStatsRequest, rangeError, rangeSeconds, requestKey, requestParams, type StatsFilters,
} from '@/lib/stats/query.ts';

const NOW = Date.UTC(2024, 0, 31, 12, 0, 0); // 2024-01-31 12:00 UTC
const NOW_S = NOW / 1000;
const base: StatsFilters = { project: 'nebula', chainId: '1', tokenId: 'NEB', dapp: 'lending', range: { days: 30 } };

describe('requestParams', () => {
  it('sends each filter only to operations that take it (from the catalog)', () => {
    expect(requestParams({ op: 'holderChange', filters: base }, NOW)).toEqual({
      project_id: 'nebula', chainId: '1', tokenId: 'NEB', startTime: NOW_S - 30 * 86_400, endTime: NOW_S,
    });
    expect(requestParams({ op: 'dailyUsers', filters: base }, NOW)).toEqual({
      project_id: 'nebula', chainId: '1', dapp: 'lending', startTime: NOW_S - 30 * 86_400, endTime: NOW_S,
    });
    // No time, no chain: only the project and the DApp.
    expect(requestParams({ op: 'distributionByCountries', filters: base }, NOW)).toEqual({ project_id: 'nebula', dapp: 'lending' });
    // Retention takes an end but no start.
    expect(requestParams({ op: 'retention', filters: base }, NOW)).toEqual({ project_id: 'nebula', dapp: 'lending', endTime: NOW_S });
  });

  it('leaves empty filters out and trims the project', () => {
    const f = { ...base, project: ' tidal ', chainId: '', tokenId: ' ', dapp: '' };
    expect(requestParams({ op: 'prominentBalance', filters: f, extra: { type: 'wallet' } }, NOW)).toEqual({ project_id: 'tidal', type: 'wallet' });
  });

  it('turns a custom range into whole UTC days', () => {
    const f = { ...base, range: { from: '2024-01-01', to: '2024-01-07' } };
    expect(requestParams({ op: 'dailyClaimedRewards', filters: f }, NOW)).toMatchObject({
      startTime: Date.UTC(2024, 0, 1) / 1000,
      endTime: Date.UTC(2024, 0, 8) / 1000 - 1,
    });
  });

  it('refuses an option the operation does not take', () => {
    expect(() => requestParams({ op: 'dailyUsers', filters: base, extra: { limit: 5 } }, NOW)).toThrow(/no option "limit"/);
  });
});

describe('requestKey', () => {
  it('names "the last N days" the same whenever it is asked', () => {
    const a = requestKey({ op: 'dailyUsers', filters: base });
    expect(a).toBe('dailyUsers?chainId=1&dapp=lending&endTime=now&project_id=nebula&startTime=now-30d');
    expect(requestKey({ op: 'dailyUsers', filters: { ...base, range: { days: 7 } } })).not.toBe(a);
  });

  it('ignores filters and ranges an operation does not take, so such changes reuse its entry', () => {
    const k = requestKey({ op: 'tokenBalanceDistribution', filters: base });
    expect(requestKey({ op: 'tokenBalanceDistribution', filters: { ...base, dapp: 'other', range: { days: 90 } } })).toBe(k);
    expect(requestKey({ op: 'tokenBalanceDistribution', filters: { ...base, tokenId: 'OTHER' } })).not.toBe(k);
  });

  it('includes options, and custom dates', () => {
    const f = { ...base, range: { from: '2024-01-01', to: '2024-01-07' } };
    expect(requestKey({ op: 'dailyActions', filters: f, extra: { limit: '5' } })).toContain('limit=5');
    expect(requestKey({ op: 'dailyActions', filters: f })).toContain('startTime=2024-01-01');
  });
});

describe('ranges', () => {
  it('presets end now', () => {
    expect(rangeSeconds({ days: 7 }, NOW)).toEqual({ start: NOW_S - 7 * 86_400, end: NOW_S });
  });
  it('checks custom ranges', () => {
    expect(rangeError({ from: '2024-01-02', to: '2024-01-01' })).toMatch(/after/);
    expect(rangeError({ from: '', to: '2024-01-01' })).toMatch(/both dates/);
    expect(rangeError({ from: '2022-01-01', to: '2024-01-01' })).toMatch(/at most a year/);
    expect(rangeError({ from: '2024-01-01', to: '2024-01-01' })).toBeNull();
    expect(rangeError({ days: 14 as never })).toMatch(/7, 30,? or 90/);
  });
  it('knows real dates', () => {
    expect(dateToSeconds('2024-02-30')).toBeNull();
    expect(dateToSeconds('2024-02-29')).toBe(Date.UTC(2024, 1, 29) / 1000);
  });
});

describe('parseStatsRequest', () => {
  it('accepts a well-formed request', () => {
    const r = parseStatsRequest({ op: 'prominentBalance', filters: base, extra: { type: 'contract' } });
    expect(r).toEqual({ op: 'prominentBalance', filters: base, extra: { type: 'contract' } });
  });
  it('refuses unknown or integration operations, a missing project, bad ranges and foreign options', () => {
    expect(() => parseStatsRequest({ op: 'calculateCustomScore', filters: base })).toThrow(/Unknown statistics operation/);
    expect(() => parseStatsRequest({ op: 'nope', filters: base })).toThrow();
    expect(() => parseStatsRequest({ op: 'dailyUsers', filters: { ...base, project: ' ' } })).toThrow(/Choose a project/);
    expect(() => parseStatsRequest({ op: 'dailyUsers', filters: { ...base, range: { days: 3 } } })).toThrow(/7, 30,? or 90/);
    expect(() => parseStatsRequest({ op: 'dailyUsers', filters: base, extra: { type: 'wallet' } })).toThrow(/does not apply/);
    expect(() => parseStatsRequest({ op: 'dailyUsers', filters: { ...base, chainId: 5 } })).toThrow(/must be text/);
  });
  it('refuses inherited names as operations or options', () => {
    for (const name of ['constructor', '__proto__', 'toString']) {
      expect(() => parseStatsRequest({ op: name, filters: base })).toThrow(/Unknown statistics operation/);
      expect(() => parseStatsRequest({ op: 'dailyUsers', filters: base, extra: { [name]: 'x' } })).toThrow(/does not apply/);
    }
  });
});

it('reads defaults from the catalog', () => {
  expect(paramDefault('tokenBalanceDistribution', 'whaleBalance')).toBe(1_000_000);
  expect(paramDefault('prominentBalance', 'type')).toBe('foundation');
  expect(paramDefault('dailyActions', 'limit')).toBe(10);
});
