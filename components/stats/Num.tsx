import { exactText } from '@/lib/format/exact.ts';
import { formatCompact, formatNumber, formatPercent } from '@/lib/format/number.ts';

/**
 * A number for people. `compact` shortens it (48.2K) where space demands,
 * keeping the exact value on hover; `data-value` carries the raw number (as
 * sent, when it has more digits than a double).
 */
export function Num({ value, compact = false }: { value: number | null | undefined; compact?: boolean }) {
  const exact = formatNumber(value);
  const text = compact ? formatCompact(value) : exact;
  return (
    <span class="num" data-value={value === null || value === undefined ? '' : (exactText(value) ?? value)} title={text !== exact ? exact : undefined}>
      {text}
    </span>
  );
}

export function Pct({ value }: { value: number | null | undefined }) {
  return <span class="num pct">{formatPercent(value)}</span>;
}
