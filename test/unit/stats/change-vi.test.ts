/**
 * The change's words in a Vietnamese browser: messages and numbers follow its
 * UI language (read once, before any number is written: this file sets it first).
 */
import { describe, expect, it } from 'vitest';
import { changeShort, changeSpoken, computeChange } from '@/lib/stats/change.ts';
import { inVietnamese } from '@/test/unit/i18n/in-vietnamese.ts';

inVietnamese();

describe('the change in Vietnamese', () => {
  it('writes the percentage the Vietnamese way and says the sentence in Vietnamese', () => {
    expect(changeShort(computeChange(1042, 1000))).toBe('+4,2%');
    expect(changeSpoken(computeChange(1042, 1000), 30)).toBe('tăng 4,2% so với 30 ngày trước đó');
    expect(changeSpoken(computeChange(969, 1000), 7)).toBe('giảm 3,1% so với 7 ngày trước đó');
    expect(changeSpoken(computeChange(1000, 1000), 30)).toBe('không đổi so với 30 ngày trước đó');
    expect(changeSpoken(computeChange(0.279, 0.3, 'share'), 30)).toBe('giảm 2,1 điểm phần trăm so với 30 ngày trước đó');
    expect(changeSpoken(computeChange(1500, 0), 30)).toBe('1.500, so với 0 trong 30 ngày trước đó');
    expect(changeShort(computeChange(5, null))).toBe('chưa có dữ liệu trước');
    expect(changeSpoken(computeChange(5, null), 30)).toBe('không có dữ liệu trước đó để so sánh');
    expect(changeSpoken({ kind: 'no-complete-day' }, 0)).toBe('chưa có ngày trọn vẹn nào để so sánh');
    expect(changeSpoken({ kind: 'no-current', why: 'missing' }, 30)).toBe('không có thay đổi: câu trả lời của dịch vụ thiếu con số này');
    expect(changeShort({ kind: 'no-current', why: 'unknown' })).toBe('chưa biết số liệu');
  });
});
