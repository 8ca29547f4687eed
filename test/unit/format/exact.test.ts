import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '@/lib/csv/csv.ts';
import { exactText, keepExact } from '@/lib/format/exact.ts';
import { formatCompact, formatNumber, formatPrecise } from '@/lib/format/number.ts';
import { toNumber } from '@/lib/normalize/coerce.ts';
import { normalizeDailyClaimedRewards, normalizeProminentBalance } from '@/lib/normalize/normalize.ts';
import { tablesFor } from '@/lib/stats/operation-tables.ts';
import { parseJsonExact } from '@/lib/api/json.ts';

const BIG = '123456789012345678901234';

describe('numbers beyond 2^53 keep the digits sent', () => {
  it('remembers the text of a number a double cannot hold, and only of such numbers', () => {
    const n = keepExact(BIG);
    expect(n).toBe(Number(BIG));
    expect(exactText(n)).toBe(BIG);
    expect(exactText(keepExact('9007199254740991'))).toBeUndefined();
    expect(exactText(keepExact('1520.75'))).toBeUndefined();
    expect(exactText(keepExact('100000000000000000000000'))).toBe('100000000000000000000000');
    expect(exactText(keepExact('+98765432109876543210'))).toBe('98765432109876543210');
  });

  it('claims no digits for a double two different texts read as', () => {
    const a = keepExact('222222222222222222222222');
    const b = keepExact('222222222222222222222223');
    expect(a).toBe(b);
    expect(exactText(a)).toBeUndefined();
    expect(formatNumber(a, 'en-US')).toBe('222,222,222,222.2T');
  });

  it('writes them in full with the digits sent, in tables, and rounds them honestly in compact units', () => {
    const n = toNumber(BIG)!;
    expect(formatNumber(n, 'en-US')).toBe('123,456,789,012,345,678,901,234');
    expect(formatNumber(n, 'vi')).toBe('123.456.789.012.345.678.901.234');
    expect(formatCompact(n, 'en-US')).toBe('123,456,789,012.3T');
    expect(formatPrecise(n, 'en-US')).toBe('123,456,789,012,345,678,901,234');
    expect(formatNumber(-toNumber(`-${BIG}`)! * -1, 'en-US')).toBe('-123,456,789,012,345,678,901,234');
  });

  it('never writes out a double beyond 2^53 with digits no one sent', () => {
    const sum = Number(BIG) + 1e20; // a total: no text behind it
    expect(exactText(sum)).toBeUndefined();
    expect(formatNumber(sum, 'en-US')).toBe('123,556,789,012.3T');
    expect(formatNumber(1e40, 'en-US')).toBe('10,000,000,000,000,000,000,000,000,000T');
    expect(formatNumber(2 ** 53, 'en-US')).toBe('9007.2T');
  });

  it('writes them to CSV as sent', () => {
    expect(csvField(toNumber(BIG))).toBe(BIG);
    expect(csvField(toNumber('1234567890123456789.25'))).toBe('1234567890123456789.25');
    expect(csvField(1e30)).toBe('1e+30');
  });

  it('end to end: a body with big amounts, as numbers and as strings, gives tables and CSV with every digit', () => {
    const body = parseJsonExact(`{"claimed_rewards":{"1700006400":${BIG},"1700092800":"987654321098765432109876"}}`);
    const view = normalizeDailyClaimedRewards(body);
    expect(view.series.series[0]!.values.map((v) => formatNumber(v, 'en-US'))).toEqual(['123,456,789,012,345,678,901,234', '987,654,321,098,765,432,109,876']);
    const [table] = tablesFor('dailyClaimedRewards', view);
    expect(toCsv(table!)).toBe(`Date,Claimed rewards\r\n2023-11-15,${BIG}\r\n2023-11-16,987654321098765432109876\r\n`);
    const holders = normalizeProminentBalance(parseJsonExact(`{"0xabc":{"name":"Whale","value":${BIG}}}`));
    expect(formatNumber(holders.items[0]!.value, 'en-US')).toBe('123,456,789,012,345,678,901,234');
  });
});
