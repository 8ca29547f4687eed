/**
 * Text made in lib/ follows the browser's language at the moment it is
 * shown, not when its module loaded: here the modules are loaded under the
 * English setup (setup-i18n.ts) and the browser then speaks Vietnamese.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { alertNotification, describeCondition } from '@/lib/alerts/message.ts';
import { digest } from '@/lib/notify/digest.ts';
import { STAT_METRICS } from '@/lib/stats/metrics.ts';
import { seriesSummary } from '@/lib/stats/chart-summary.ts';
import { bandChangeNotification } from '@/lib/watch/check.ts';
import { rule } from '@/test/unit/alerts/fixtures.ts';
import { chromeMessages, getMessageFrom } from './browser-messages.ts';

const english = fakeBrowser.i18n.getMessage;
const clock = { offsetMinutes: () => 0 };
const DAY = 86_400;

describe('lib text in a Vietnamese browser', () => {
  beforeEach(() => {
    fakeBrowser.i18n.getMessage = getMessageFrom(chromeMessages('vi'));
  });
  afterEach(() => {
    fakeBrowser.i18n.getMessage = english;
  });

  it('reads metric labels when shown', () => {
    expect(STAT_METRICS.activeHolders.label).toBe('Người nắm giữ đang hoạt động');
  });

  it('words alert conditions, notifications and the digest', () => {
    const r = rule({ id: 'a', metric: 'totalHolders', condition: { kind: 'above', value: 1000 } });
    expect(describeCondition(r)).toMatch(/^vượt lên trên 1.000$|^vượt lên trên 1,000$/);
    const n = alertNotification(r, { ruleId: 'a', at: 0, value: 1500, day: 20 * DAY }, clock, true);
    expect(n.title).toBe('Tổng số người nắm giữ, nebula');
    expect(n.message).toMatch(/^Đã vượt lên trên .+: .+ vào .+\. \(lúc 00:00, trong giờ yên lặng\)$/);
    expect(digest([n, { ...n, id: 'b' }])[0]!.title).toBe('Vantage: 2 cảnh báo');
  });

  it('words a band change with the bands in Vietnamese', () => {
    const n = bandChangeNotification({ address: `0x${'ab'.repeat(20)}`, model: 'credit', from: 'Good', to: 'Very Good', score: 750 });
    expect(n.title).toBe('Hạng điểm đã thay đổi: Rất tốt');
    expect(n.message).toBe('0xABaB…ABaB (credit) đã chuyển từ Tốt sang Rất tốt: điểm 750.');
  });

  it('summarizes a chart', () => {
    const text = seriesSummary({ x: [0, DAY], series: [{ key: 'u', label: 'Users', values: [1, 3] }] });
    expect(text).toMatch(/^2 ngày, từ .+ đến .+\. Users: thấp nhất 1, cao nhất 3, mới nhất 3 vào .+\.$/);
  });
});
