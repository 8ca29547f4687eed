/**
 * Fixed breakdowns: a handful of named counts that together make a whole
 * (a donut or a split bar).
 */
import { t } from '@/lib/i18n/index.ts';
import { isRecord, ratio, toNumber } from './coerce.ts';

export interface BreakdownPart {
  readonly key: string;
  readonly label: string;
  readonly value: number | null;
  /** value / total; null unless every part is known. */
  readonly share: number | null;
}

export interface Breakdown {
  /** Always every part, in a fixed order. */
  readonly parts: readonly BreakdownPart[];
  /** The sum of the parts, or null when any is missing: a partial whole would mislead. */
  readonly total: number | null;
}

function breakdown(source: unknown, parts: readonly { key: string; label: string; field: string }[]): Breakdown {
  const rec = isRecord(source) ? source : {};
  const values = parts.map((p) => toNumber(rec[p.field]));
  const total = values.some((v) => v === null) ? null : values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
  return {
    parts: parts.map((p, i) => ({ key: p.key, label: p.label, value: values[i] ?? null, share: ratio(values[i] ?? null, total) })),
    total,
  };
}

export function isEmptyBreakdown(b: Breakdown): boolean {
  return b.parts.every((p) => p.value === null);
}

// ---- holders/token-balance-distribution ----

export type TokenBalanceView = Breakdown;

export function normalizeTokenBalance(body: unknown): TokenBalanceView {
  return breakdown(body, [
    { key: 'whales', label: t('stats.split.whales'), field: 'whales' },
    { key: 'normal', label: t('stats.split.normalWallets'), field: 'normalWallets' },
    { key: 'forgotten', label: t('stats.split.forgottenWallets'), field: 'forgottenWallets' },
  ]);
}

// ---- cdp-users/user-inbounce ----

export interface UserInbounceView {
  readonly wallet: Breakdown;
  readonly visitor: Breakdown;
}

/** Labels in the user's language, so asked for at each call. */
const newAndReturning = () => [
  { key: 'new', label: t('stats.split.new'), field: 'new' },
  { key: 'returning', label: t('stats.split.returning'), field: 'return' },
];

export function normalizeUserInbounce(body: unknown): UserInbounceView {
  const b = isRecord(body) ? body : {};
  return { wallet: breakdown(b.wallet, newAndReturning()), visitor: breakdown(b.visitor, newAndReturning()) };
}
