import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { alertNotification, describeCondition } from '@/lib/alerts/message.ts';
import { evaluatePeriodChange } from '@/lib/alerts/period-change.ts';
import type { AlertRule } from '@/lib/alerts/rule.ts';
import { comparedPeriods } from '@/lib/stats/periods.ts';
import { chromeMessages, getMessageFrom } from '@/test/unit/i18n/browser-messages.ts';
import { DAY_S, HOUR, T0, dailyUsersBody, fakeClock, filters, rule } from './fixtures.ts';

/**
 * A period-change alert's words in a Vietnamese browser: the condition as
 * Options lists it and the notification, with Vietnamese numbers ("12,5",
 * "1.250") and dates. Set before anything asks (the UI locale is read once).
 */
fakeBrowser.i18n.getUILanguage = () => 'vi';
fakeBrowser.i18n.getMessage = getMessageFrom(chromeMessages('vi'));

const clock = fakeClock(T0);
const now = T0 + 12 * HOUR;
const yesterday = T0 / 1000 - DAY_S;
const week = { ...filters, range: { days: 7 as const } };
const periods = { kind: 'complete', periods: comparedPeriods(week.range, now)! } as const;
const answers = (before: number, after: number) => ({
  previous: { body: dailyUsersBody(yesterday - 7 * DAY_S, Array(7).fill(before)), storedAt: now },
  current: { body: dailyUsersBody(yesterday, Array(7).fill(after)), storedAt: now },
});
const changeRule = (percent: number, way: 'up' | 'down' | 'either', over: Partial<AlertRule> = {}) =>
  rule({ filters: week, condition: { kind: 'periodChange', percent, way }, ...over });

function firedNote(r: AlertRule, before: number, after: number) {
  const bearings = evaluatePeriodChange(r, {}, periods, answers(before, before), now, clock, true).state;
  const fired = evaluatePeriodChange(r, bearings, periods, answers(before, after), now, clock).fired;
  if (!fired) throw new Error('The rule did not fire');
  return alertNotification(r, fired, clock);
}

describe('period-change alerts, in Vietnamese', () => {
  it('say the condition with the way, N and the period', () => {
    expect(describeCondition(changeRule(12.5, 'up'))).toBe('tăng hơn 12,5% so với 7 ngày trước đó');
    expect(describeCondition(changeRule(20, 'down'))).toBe('giảm hơn 20% so với 7 ngày trước đó');
    expect(describeCondition(changeRule(5, 'either', { metric: 'returningShare' }))).toMatch(/^thay đổi hơn 5 điểm phần trăm so với 7 ngày trước đó$/);
  });

  it('tell the change, the period and the figures in the notification', () => {
    const up = firedNote(changeRule(20, 'up'), 1000, 1250);
    expect(up.title).toBe('Người dùng mỗi ngày, nebula');
    expect(up.message).toBe('3 thg 3 – 9 thg 3: tăng 25% so với 7 ngày trước đó (trung bình 1.000 → 1.250 mỗi ngày).');
    // A fall with a decimal: Vietnamese writes "12,5", not "12.5".
    expect(firedNote(changeRule(10, 'down'), 1000, 875).message).toBe('3 thg 3 – 9 thg 3: giảm 12,5% so với 7 ngày trước đó (trung bình 1.000 → 875 mỗi ngày).');
  });
});
