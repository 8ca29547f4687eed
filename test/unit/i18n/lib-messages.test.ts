/**
 * The text lib/ makes for people follows the browser's language, while what the
 * page API tells sites stays English (docs/i18n.md): run in a Vietnamese browser.
 * The modules load under the English setup (setup-i18n.ts) and the browser then
 * speaks Vietnamese: text is looked up when shown, not when its module loaded.
 * Numbers and times follow its UI language, read once (before any is written).
 */
import { describe, expect, it } from 'vitest';
import { defaultSuggestion } from '@/lib/omnibox/suggest.ts';
import { parseOmniboxInput } from '@/lib/omnibox/parse.ts';
import { normalizeTokenBalance } from '@/lib/normalize/breakdown.ts';
import { proofMessageText } from '@/lib/proof/describe.ts';
import { PAGE_MESSAGES, timedOutMessage } from '@/lib/proof/page-messages.ts';
import { alertNotification, describeCondition } from '@/lib/alerts/message.ts';
import { digest } from '@/lib/notify/digest.ts';
import { checkAddress } from '@/lib/score/address.ts';
import { describeConnection } from '@/lib/settings/connection.ts';
import { validateSettings } from '@/lib/settings/schema.ts';
import { seriesSummary } from '@/lib/stats/chart-summary.ts';
import { STAT_METRICS } from '@/lib/stats/metrics.ts';
import { operationSummary } from '@/lib/stats/operation-summary.ts';
import { bandChangeNotification, WATCH_DIGEST } from '@/lib/watch/check.ts';
import { watchRoutes, type WatchService } from '@/lib/watch/worker.ts';
import { rule } from '@/test/unit/alerts/fixtures.ts';
import { inVietnamese } from './in-vietnamese.ts';

inVietnamese();
const clock = { offsetMinutes: () => 0 };
const DAY = 86_400;

describe('lib/ speaks the browser language', () => {
  it('settings validation names the field and the rule in Vietnamese', () => {
    const r = validateSettings({ proofTimeoutMinutes: '500', scoreId: '' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.proofTimeoutMinutes).toBe('Thời gian chờ bằng chứng phải nằm trong khoảng từ 1 đến 120.');
    expect(r.errors.scoreId).toBe('Cần điền Mô hình điểm.');
  });

  it('address errors and connection verdicts', () => {
    expect(checkAddress('0x12')).toEqual({ ok: false, message: 'Địa chỉ có 40 chữ số thập lục phân sau "0x"; địa chỉ này có 2.' });
    const v = describeConnection({ dataBaseUrl: 'https://api.example.com/dev', project: 'nebula', projectConfigured: true });
    expect(v).toEqual({ status: 'works', ok: true, message: 'Hoạt động: dịch vụ đã chấp nhận khóa và trả lời cho dự án “nebula”.' });
  });

  it('legends, operation summaries and address-bar suggestions', () => {
    expect(normalizeTokenBalance({ whales: 1, normalWallets: 2, forgottenWallets: 3 }).parts.map((p) => p.label)).toEqual(['Cá voi', 'Ví thông thường', 'Ví bị bỏ quên']);
    expect(operationSummary('dailyUsers')).toBe('người dùng và giao dịch mỗi ngày');
    expect(defaultSuggestion(parseOmniboxInput('nebula'))).toEqual([{ text: 'Bảng điều khiển của dự án ' }, { text: 'nebula', style: 'match' }]);
  });

  it("the page API's texts stay English; the popup shows them in the user's language", () => {
    expect(PAGE_MESSAGES.userRejected).toBe('The user rejected the request.');
    expect(proofMessageText(PAGE_MESSAGES.userRejected)).toBe('Người dùng đã từ chối yêu cầu.');
    expect(proofMessageText(timedOutMessage(10))).toBe('Không có bằng chứng trong vòng 10 phút.');
    // A site's own parameter error is for its developer: shown as it is.
    expect(proofMessageText('web2Id must be a string.')).toBe('web2Id must be a string.');
  });

  it('every page-API text has its Vietnamese words', () => {
    for (const text of Object.values(PAGE_MESSAGES)) expect(proofMessageText(text), text).not.toBe(text);
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
    const many = Array.from({ length: 7 }, (_, i) => ({ ...n, id: String(i) }));
    const [d] = digest(many, WATCH_DIGEST);
    expect(d!.title).toBe('Vantage: 7 thay đổi hạng điểm');
    expect(d!.message.split('\n').at(-1)).toBe('và 2 thay đổi khác');
  });

  it("words the watchlist's refusal of a request without an address", () => {
    const routes = watchRoutes({} as WatchService);
    expect(() => routes['watch.add'].parse!({ model: 'credit-v1' })).toThrow('Cần có một địa chỉ để theo dõi, kèm một mô hình điểm nếu muốn.');
    expect(() => routes['watch.remove'].parse!({ address: '0x1' })).toThrow(/^Cần có một địa chỉ/);
  });

  it('summarizes a chart', () => {
    const text = seriesSummary({ x: [0, DAY], series: [{ key: 'u', label: 'Users', values: [1, 3] }] });
    expect(text).toMatch(/^2 ngày, từ .+ đến .+\. Users: thấp nhất 1, cao nhất 3, mới nhất 3 vào .+\.$/);
    const partial = seriesSummary({ x: [0, DAY], series: [{ key: 'u', label: 'Users', values: [1, 3] }] }, { from: 1, text: 'hôm nay, tính đến giờ' });
    expect(partial).toMatch(/Users: thấp nhất 1, cao nhất 1, mới nhất 1 vào .+ \(các ngày trọn vẹn\), .+, hôm nay, tính đến giờ: 3\.$/);
  });
});
