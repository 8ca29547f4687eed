/**
 * The badge says what it shows (issue 37), in Vietnamese: the words follow the mode as in English
 * (wording.test.tsx), and none says "hôm nay" (today) but a range of today alone. Its own file: numbers and dates take the UI
 * language once, before any is written.
 */
import { describe, expect, it } from 'vitest';
import { badgeChangeWords, badgeDescription, badgeShowLabel, badgeTitle, badgeWhat } from '@/lib/badge/wording.ts';
import { inVietnamese } from '@/test/unit/i18n/in-vietnamese.ts';
import { METRICS } from './wording-cases.ts';

inVietnamese();

describe('the badge\'s words in Vietnamese, by mode', () => {
  it('the number: the days its figure covers, in the words every view uses where known', () => {
    expect(METRICS.map((m) => badgeWhat(m, 'value', 30))).toEqual([
      'Người dùng DApp, ngày trọn vẹn gần nhất', 'Người nắm giữ đang hoạt động, ngày trọn vẹn gần nhất', 'Người nắm giữ mới, 30 ngày trọn vẹn gần nhất',
      'Tổng số người nắm giữ vào cuối ngày trọn vẹn gần nhất',
    ]);
    expect(badgeWhat('totalHolders', 'value', 30, 'cuối ngày 15 thg 11')).toBe('Tổng số người nắm giữ, cuối ngày 15 thg 11');
    expect(badgeWhat('dailyUsers', 'value', null)).toBe('Người dùng DApp, hôm nay, tính đến giờ');
  });

  it('its change: the period', () => {
    expect(badgeWhat('dailyUsers', 'change', 30)).toBe('Người dùng DApp, 30 ngày trọn vẹn gần nhất');
    expect(badgeShowLabel('change', 30)).toBe('mức thay đổi so với 30 ngày trước đó');
    expect(badgeShowLabel('value', 30)).toBe('con số');
    expect(badgeDescription('dailyUsers', 'change', 30, 'nebula', 30)).toBe('nebula: Người dùng DApp, 30 ngày trọn vẹn gần nhất, so với 30 ngày trước đó, cập nhật mỗi 30 phút');
    expect(badgeDescription('dailyUsers', 'value', 30, 'nebula', 30)).toBe('nebula: Người dùng DApp, ngày trọn vẹn gần nhất, cập nhật mỗi 30 phút');
  });

  it('the tooltip, with the change in words', () => {
    const said = badgeChangeWords('dailyUsers', { kind: 'relative', ratio: -0.151, direction: 'down' }, 30);
    expect(badgeTitle('Vantage', 'nebula', badgeWhat('dailyUsers', 'change', 30), said))
      .toBe('Vantage: nebula, Người dùng DApp, 30 ngày trọn vẹn gần nhất: giảm 15,1% so với 30 ngày trước đó, so sánh mức trung bình mỗi ngày');
  });

  it('says "hôm nay" (today) in no mode, for no metric', () => {
    for (const m of METRICS) {
      for (const text of [badgeWhat(m, 'value', 30), badgeWhat(m, 'change', 30), badgeDescription(m, 'change', 30, 'p', 30)]) expect(text, m).not.toMatch(/hôm nay/i);
    }
  });
});
