/**
 * The text lib/ makes for people follows the browser's language, while what the
 * page API tells sites stays English (docs/i18n.md): run in a Vietnamese browser.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { defaultSuggestion } from '@/lib/omnibox/suggest.ts';
import { parseOmniboxInput } from '@/lib/omnibox/parse.ts';
import { normalizeTokenBalance } from '@/lib/normalize/breakdown.ts';
import { proofMessageText } from '@/lib/proof/describe.ts';
import { PAGE_MESSAGES, timedOutMessage } from '@/lib/proof/page-messages.ts';
import { checkAddress } from '@/lib/score/address.ts';
import { describeConnection } from '@/lib/settings/connection.ts';
import { validateSettings } from '@/lib/settings/schema.ts';
import { operationSummary } from '@/lib/stats/operation-summary.ts';
import { chromeMessages, getMessageFrom } from './browser-messages.ts';

const english = fakeBrowser.i18n.getMessage;
beforeEach(() => {
  fakeBrowser.i18n.getMessage = getMessageFrom(chromeMessages('vi'));
});
afterEach(() => {
  fakeBrowser.i18n.getMessage = english;
});

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
});
