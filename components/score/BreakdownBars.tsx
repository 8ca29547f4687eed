import type { Breakdown } from '@/lib/score/extras.ts';
import { formatValue } from '@/lib/score/extras.ts';
import { t } from '@/lib/i18n/index.ts';

/**
 * The score's breakdown as plain CSS bars: a handful of labelled values
 * needs no canvas chart, and as HTML it is read by screen readers, follows
 * the theme without redraws and prints the exact numbers beside the bars.
 */
export function BreakdownBars({ breakdown }: { breakdown: Breakdown }) {
  const [lo, hi] = breakdown.domain;
  return (
    <figure class="score-breakdown">
      <figcaption>
        {t('score.breakdown')} <span class="hint">{t('score.breakdownDomain', { low: formatValue(lo), high: formatValue(hi) })}</span>
      </figcaption>
      <ul>
        {breakdown.bars.map((b) => (
          <li key={b.key}>
            <span class="score-breakdown-label">{b.label}</span>
            <span class="score-breakdown-track" aria-hidden="true">
              <span class="score-breakdown-fill" style={{ width: `${Math.max(2, b.fraction * 100)}%` }} />
            </span>
            <span class="score-breakdown-value num">{formatValue(b.value)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
