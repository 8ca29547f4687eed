import { describe, expect, it } from 'vitest';
import { operationViews } from '@/lib/stats/operation-views.ts';
import { ref } from './fixtures.ts';

describe('tokenBalanceDistribution', () => {
  const view = (whales: number | null, normal: number | null, forgotten: number | null, total: number | null) => ({
    parts: [
      { key: 'whales', label: 'Whales', value: whales, share: whales !== null && total ? whales / total : null },
      { key: 'normal', label: 'Normal wallets', value: normal, share: normal !== null && total ? normal / total : null },
      {
        key: 'forgotten',
        label: 'Forgotten wallets',
        value: forgotten,
        share: forgotten !== null && total ? forgotten / total : null,
      },
    ],
    total,
  });

  it('reads the real shape', () => {
    const v = operationViews.tokenBalanceDistribution.normalize(ref.tokenBalanceDistribution);
    expect(v).toEqual(view(12, 40110, 8091, 48213));
    expect(v.parts.map((p) => p.share)).toEqual([12 / 48213, 40110 / 48213, 8091 / 48213]);
  });

  it('damaged: numbers as strings and extra fields', () => {
    const body = { whales: '12', normalWallets: ' 40110 ', forgottenWallets: 8091, dust: 5 };
    expect(operationViews.tokenBalanceDistribution.normalize(body)).toEqual(view(12, 40110, 8091, 48213));
  });

  it('damaged: missing and NaN-ish fields leave no total and no shares', () => {
    expect(operationViews.tokenBalanceDistribution.normalize({ whales: 12, normalWallets: null, forgottenWallets: 'NaN' })).toEqual(
      view(12, null, null, null),
    );
  });

  it('damaged: all zero has a total but no shares', () => {
    expect(operationViews.tokenBalanceDistribution.normalize({ whales: 0, normalWallets: '0', forgottenWallets: 0 })).toEqual(view(0, 0, 0, 0));
  });

  it('damaged: empty and wrongly typed bodies', () => {
    for (const body of [{}, null, [12, 40110, 8091], 'No data']) {
      expect(operationViews.tokenBalanceDistribution.normalize(body)).toEqual(view(null, null, null, null));
    }
  });
});

describe('userInbounce', () => {
  const split = (n: number | null, r: number | null) => {
    const total = n !== null && r !== null ? n + r : null;
    return {
      parts: [
        { key: 'new', label: 'New', value: n, share: n !== null && total ? n / total : null },
        { key: 'returning', label: 'Returning', value: r, share: r !== null && total ? r / total : null },
      ],
      total,
    };
  };

  it('reads the real shape', () => {
    expect(operationViews.userInbounce.normalize(ref.userInbounce)).toEqual({ wallet: split(812, 1301), visitor: split(5120, 2211) });
    expect(operationViews.userInbounce.normalize(ref.userInbounce).wallet.parts[0]?.share).toBe(812 / 2113);
  });

  it('damaged: strings, a missing count, extra fields', () => {
    const body = { wallet: { new: '812', return: '1301', churn: 3 }, visitor: { new: 5120 }, extra: {} };
    expect(operationViews.userInbounce.normalize(body)).toEqual({ wallet: split(812, 1301), visitor: split(5120, null) });
  });

  it('damaged: null, missing and wrongly typed halves', () => {
    for (const body of [{ wallet: null, visitor: 'x' }, {}, null, { wallet: [812, 1301] }]) {
      expect(operationViews.userInbounce.normalize(body)).toEqual({ wallet: split(null, null), visitor: split(null, null) });
    }
  });
});
