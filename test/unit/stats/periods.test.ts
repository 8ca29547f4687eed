import { describe, expect, it, onTestFinished } from 'vitest';
import { comparedPeriods, inPeriod, periodDays, requestFor } from '@/lib/stats/periods.ts';
import { requestParams, type StatsFilters } from '@/lib/stats/query.ts';

const at = (iso: string) => Date.parse(iso);
const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

describe('comparedPeriods: the last N complete UTC days against the N before', () => {
  it('"last 30 days" ends yesterday: today so far is never a day of either period', () => {
    expect(comparedPeriods({ days: 30 }, at('2026-11-26T15:45:00Z'))).toEqual({
      days: 30,
      current: { from: '2026-10-27', to: '2026-11-25' },
      previous: { from: '2026-09-27', to: '2026-10-26' },
    });
  });

  it('the first and last millisecond of a UTC day name the same periods; the next millisecond moves them by a day', () => {
    const first = comparedPeriods({ days: 7 }, at('2026-11-26T00:00:00.000Z'));
    expect(comparedPeriods({ days: 7 }, at('2026-11-26T23:59:59.999Z'))).toEqual(first);
    expect(first?.current).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(comparedPeriods({ days: 7 }, at('2026-11-27T00:00:00.000Z'))?.current).toEqual({ from: '2026-11-20', to: '2026-11-26' });
  });

  it('crosses month ends, a leap day and a year end in whole days', () => {
    // 2028 is a leap year: Feb has 29 days.
    expect(comparedPeriods({ days: 7 }, at('2028-03-03T08:00:00Z'))).toEqual({
      days: 7,
      current: { from: '2028-02-25', to: '2028-03-02' },
      previous: { from: '2028-02-18', to: '2028-02-24' },
    });
    expect(comparedPeriods({ days: 30 }, at('2027-01-01T00:30:00Z'))).toEqual({
      days: 30,
      current: { from: '2026-12-02', to: '2026-12-31' },
      previous: { from: '2026-11-02', to: '2026-12-01' },
    });
    // A custom month: all of February 2027 (28 days) against the 28 days before it (not "January").
    expect(comparedPeriods({ from: '2027-02-01', to: '2027-02-28' }, at('2027-06-01T00:00:00Z'))).toEqual({
      days: 28,
      current: { from: '2027-02-01', to: '2027-02-28' },
      previous: { from: '2027-01-04', to: '2027-01-31' },
    });
    // March 31 back 31 days lands on Feb 28 in a common year.
    expect(comparedPeriods({ from: '2027-03-01', to: '2027-03-31' }, at('2027-06-01T00:00:00Z'))?.previous).toEqual({ from: '2027-01-29', to: '2027-02-28' });
  });

  it('a DST change in the local zone changes nothing: every period is 24-hour UTC days', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    onTestFinished(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    // The zone is in force: Berlin is UTC+1 in winter and UTC+2 in summer.
    expect(new Date('2027-01-15T12:00:00Z').getTimezoneOffset()).toBe(-60);
    expect(new Date('2027-07-15T12:00:00Z').getTimezoneOffset()).toBe(-120);
    // Europe's spring-forward (2027-03-28) and autumn (2026-10-25) lie inside these periods.
    for (const now of ['2027-04-02T12:00:00Z', '2026-10-30T23:30:00Z']) {
      const p = comparedPeriods({ days: 7 }, at(now))!;
      const days = [...periodDays(p.previous), ...periodDays(p.current)];
      expect(days).toHaveLength(14);
      for (let i = 1; i < days.length; i++) expect(days[i]! - days[i - 1]!).toBe(86_400);
      expect(days.at(-1)).toBe(day(now.slice(0, 10)) - 86_400);
    }
  });

  it('a custom range reaching today is cut at yesterday, and compared with as many days before it', () => {
    expect(comparedPeriods({ from: '2026-11-20', to: '2026-11-30' }, at('2026-11-26T10:00:00Z'))).toEqual({
      days: 6,
      current: { from: '2026-11-20', to: '2026-11-25' },
      previous: { from: '2026-11-14', to: '2026-11-19' },
    });
  });

  it('a range with no complete day has nothing to compare', () => {
    expect(comparedPeriods({ from: '2026-11-26', to: '2026-11-26' }, at('2026-11-26T23:00:00Z'))).toBeNull();
    expect(comparedPeriods({ from: '2026-12-01', to: '2026-12-05' }, at('2026-11-26T23:00:00Z'))).toBeNull();
    expect(comparedPeriods({ from: 'nope', to: '2026-12-05' }, at('2026-11-26T23:00:00Z'))).toBeNull();
  });
});

describe('period days and requests', () => {
  it('inPeriod takes both ends and nothing beyond', () => {
    const p = { from: '2026-11-01', to: '2026-11-30' };
    expect(inPeriod(day('2026-11-01'), p)).toBe(true);
    expect(inPeriod(day('2026-11-30'), p)).toBe(true);
    expect(inPeriod(day('2026-10-31'), p)).toBe(false);
    expect(inPeriod(day('2026-12-01'), p)).toBe(false);
  });

  it('requestFor asks the same operation and filters over the period, as whole UTC days', () => {
    const filters: StatsFilters = { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 30 } };
    const r = requestFor({ op: 'dailyUsers', filters }, { from: '2026-09-27', to: '2026-10-26' });
    expect(r.filters.range).toEqual({ from: '2026-09-27', to: '2026-10-26' });
    expect(requestParams(r, at('2026-11-26T15:45:00Z'))).toEqual({ project_id: 'nebula', startTime: day('2026-09-27'), endTime: day('2026-10-27') - 1 });
  });
});
