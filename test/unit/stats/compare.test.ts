import { describe, expect, it } from 'vitest';
import { toCsv } from '@/lib/csv/csv.ts';
import { comparedTables, joinRows } from '@/lib/stats/compare.ts';
import { baseSeriesKey, mergeSeries } from '@/lib/stats/merge-series.ts';
import { projectIdProblem, PROJECT_ID_MAX } from '@/lib/stats/project-id.ts';
import { dashboardHash, dashboardUrlFor, parseDashboardHash } from '@/lib/stats/dashboard-link.ts';
import { seriesTable } from '@/lib/stats/tables.ts';

const DAY = 86_400;
const NOV_14 = 1_699_920_000;
const d = (n: number) => NOV_14 + n * DAY;
const PAIR = { primary: 'nebula', other: 'tidal' };
const named = (series: string, project: string) => `${series} (${project})`;

describe('mergeSeries', () => {
  const a = {
    x: [d(0), d(1), d(3)],
    series: [
      { key: 'active', label: 'Active', values: [10, 11, 13] },
      { key: 'new', label: 'New', values: [1, null, 3] },
    ],
  };
  const b = { x: [d(1), d(2), d(3), d(4)], series: [{ key: 'active', label: 'Active', values: [20, 22, 23, 24] }] };

  it('puts both projects on the union of their days, a day one lacks being a gap, never a zero', () => {
    const { series, comparedFrom } = mergeSeries(a, b, PAIR, named);
    expect(series.x).toEqual([d(0), d(1), d(2), d(3), d(4)]);
    expect(comparedFrom).toBe(2);
    expect(series.series.map((s) => [s.key, s.label, s.values])).toEqual([
      ['active', 'Active (nebula)', [10, 11, null, 13, null]],
      ['new', 'New (nebula)', [1, null, null, 3, null]],
      ['active@compare', 'Active (tidal)', [null, 20, 22, 23, 24]],
    ]);
  });
  it('keeps the x axis ascending whatever order the days come in, and drops a non-finite day', () => {
    const late = { x: [d(9), Number.NaN, d(5)], series: [{ key: 'v', label: 'V', values: [9, 0, 5] }] };
    const { series } = mergeSeries({ x: [], series: [] }, late, PAIR, named);
    expect(series.x).toEqual([d(5), d(9)]);
    expect(series.series[0]!.values).toEqual([5, 9]);
  });
  it('names the other project\'s series keys so a chart option on a key (its right axis) finds both', () => {
    const { series } = mergeSeries(a, a, PAIR, named);
    expect(series.series.map((s) => baseSeriesKey(s.key))).toEqual(['active', 'new', 'active', 'new']);
  });
  it('merges two empty answers into an empty chart', () => {
    expect(mergeSeries({ x: [], series: [] }, { x: [], series: [] }, PAIR, named).series).toEqual({ x: [], series: [] });
  });
});

describe('joinRows', () => {
  const key = (r: { id: string }) => r.id;
  it('keeps the primary\'s order, then adds the rows only the other project has, in its order', () => {
    const a = [{ id: 'vn', n: 1 }, { id: 'us', n: 2 }];
    const b = [{ id: 'de', n: 3 }, { id: 'vn', n: 4 }, { id: 'fr', n: 5 }];
    expect(joinRows(a, b, key)).toEqual([
      { key: 'vn', a: a[0], b: b[1] },
      { key: 'us', a: a[1], b: null },
      { key: 'de', a: null, b: b[0] },
      { key: 'fr', a: null, b: b[2] },
    ]);
  });
  it('counts a key repeated in one list once (its first row)', () => {
    expect(joinRows([{ id: 'x', n: 1 }, { id: 'x', n: 2 }], [], key)).toEqual([{ key: 'x', a: { id: 'x', n: 1 }, b: null }]);
  });
});

describe('comparedTables (the comparison\'s CSV)', () => {
  it('writes both projects in one table per name: a Project column, the primary\'s rows, then the other\'s', () => {
    const a = [seriesTable({ x: [d(0), d(1)], series: [{ key: 'u', label: 'Users', values: [5, null] }] }, 'daily-users')];
    const b = [seriesTable({ x: [d(1)], series: [{ key: 'u', label: 'Users', values: [7] }] }, 'daily-users')];
    const [table, ...rest] = comparedTables(a, b, PAIR);
    expect(rest).toEqual([]);
    expect(table!.name).toBe('daily-users');
    expect(toCsv(table!)).toBe('Project,Date,Users\r\nnebula,2023-11-14,5\r\nnebula,2023-11-15,\r\ntidal,2023-11-15,7\r\n');
  });
  it('matches columns by name when the answers differ, and keeps a table only one project has', () => {
    const a = [{ name: 'retention', columns: ['Cohort', 'Period 1'], rows: [['2023-11-14', 3]] }];
    const b = [
      { name: 'retention', columns: ['Cohort', 'Period 1', 'Period 2'], rows: [['2023-11-14', 4, 2]] },
      { name: 'extra', columns: ['Only'], rows: [['b']] },
    ];
    expect(comparedTables(a, b, PAIR)).toEqual([
      { name: 'retention', columns: ['Project', 'Cohort', 'Period 1', 'Period 2'], rows: [['nebula', '2023-11-14', 3, null], ['tidal', '2023-11-14', 4, 2]] },
      { name: 'extra', columns: ['Project', 'Only'], rows: [['tidal', 'b']] },
    ]);
  });
  it('writes a hostile project id as data: quoted, never a formula', () => {
    const a = [{ name: 't', columns: ['V'], rows: [[1]] }];
    const csv = toCsv(comparedTables(a, a, { primary: 'nebula', other: '=HYPERLINK("x"),evil' })[0]!);
    expect(csv).toBe('Project,V\r\nnebula,1\r\n"\'=HYPERLINK(""x""),evil",1\r\n');
  });
});

describe('projectIdProblem', () => {
  it('takes ids of any printable text the project field takes', () => {
    for (const id of ['nebula', 'a&b c', 'Dự án', 'x'.repeat(PROJECT_ID_MAX), '0xabc/def']) expect(projectIdProblem(id), id).toBeNull();
  });
  it('refuses nothing, a novel, control and invisible format characters', () => {
    expect(projectIdProblem('')).toBe('empty');
    expect(projectIdProblem('x'.repeat(PROJECT_ID_MAX + 1))).toBe('too-long');
    for (const id of ['a\nb', 'evil\u202etxt.exe', 'zero\u200bwidth', 'nul\u0000']) expect(projectIdProblem(id), JSON.stringify(id)).toBe('characters');
  });
});

describe('the dashboard URL with a comparison', () => {
  it('round-trips both projects (and a metric) through the hash, however they are spelled', () => {
    for (const target of [{ project: 'nebula', compare: 'tidal' }, { project: 'a&b c', compare: '#x=1&project=y', metric: 'dailyUsers' }, { project: 'Dự án', compare: '100%' }]) {
      const url = new URL(dashboardUrlFor(target), 'chrome-extension://id');
      expect(parseDashboardHash(url.hash)).toEqual(target);
    }
    expect(dashboardHash({ project: 'nebula', compare: 'tidal' })).toBe('project=nebula&compare=tidal');
    expect(dashboardHash({ project: 'nebula', compare: '  ' })).toBe('project=nebula');
  });
  it('takes the first of a repeated parameter: a second compare cannot slip past the first', () => {
    expect(parseDashboardHash('#project=nebula&compare=tidal&compare=quartz')).toEqual({ project: 'nebula', compare: 'tidal' });
  });
  it('refuses a comparison that is no project id, the project itself, or has no project beside it, and says so', () => {
    for (const hash of [
      `#project=nebula&compare=${'x'.repeat(PROJECT_ID_MAX + 1)}`,
      '#project=nebula&compare=a%0Ab',
      '#project=nebula&compare=%E2%80%AEevil',
      '#project=nebula&compare=nebula',
      '#project=nebula&compare=%20nebula%20',
      '#compare=tidal',
    ]) {
      const parsed = parseDashboardHash(hash);
      expect(parsed.compare, hash).toBeUndefined();
      expect(parsed.badCompare, hash).toBe(true);
    }
  });
  it('reads no comparison from a hash without one, nor from garbage', () => {
    expect(parseDashboardHash('#project=nebula')).toEqual({ project: 'nebula' });
    expect(parseDashboardHash('#project=nebula&compare=')).toEqual({ project: 'nebula' });
    expect(parseDashboardHash('#%E0%A4%A&&&==compare')).toEqual({});
    expect(parseDashboardHash('#__proto__=x&constructor=y')).toEqual({});
  });
});
