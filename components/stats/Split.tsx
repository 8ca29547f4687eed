import { isEmptyBreakdown, type Breakdown } from '@/lib/normalize/normalize.ts';
import type { ChangeId } from '@/lib/stats/change-sources.ts';
import { t } from '@/lib/i18n/index.ts';
import { Num, Pct } from './Num.tsx';
import { Change } from './Change.tsx';
import { useCompare } from './compare-context.ts';
import { ComparedSplit } from './compared-lazy.ts';
import { useHeadlines } from './use-change.ts';

/**
 * A whole split into named parts: one bar of coloured segments, and each part's count and share (and, for parts
 * named in `headlines`, the change of that headline number, lib/stats/headline.ts). A split the answer has no part
 * of says so (`empty`), rather than a dash for each. In a comparison (`compare`: the other project's), a table with
 * a column per project instead.
 */
export function Split({ breakdown, label, compare, headlines = {}, empty }: {
  breakdown: Breakdown;
  label: string;
  compare?: Breakdown | null;
  headlines?: Readonly<Record<string, ChangeId>>;
  /** What to say when the answer has none of its parts. */
  empty?: string;
}) {
  const h = useHeadlines(Object.values(headlines));
  const comparing = useCompare() !== null;
  if (comparing && compare) return <ComparedSplit breakdown={breakdown} other={compare} label={label} headlines={headlines} />;
  if (isEmptyBreakdown(breakdown)) return <p class="empty split-empty" data-split={label}>{empty ?? t('stats.split.noData')}</p>;
  return (
    <div class="split" data-split={label}>
      <div class="split-bar" role="img" aria-label={`${label}: ${breakdown.parts.map((p) => `${p.label} ${p.value ?? t('stats.split.unknown')}`).join(', ')}`}>
        {breakdown.parts.map((p, i) =>
          p.value ? <span key={p.key} class={`seg seg-${i + 1}`} style={{ flexGrow: p.value }} /> : null,
        )}
      </div>
      <dl class="split-legend">
        {breakdown.parts.map((p, i) => {
          const change = headlines[p.key] && h[headlines[p.key]!];
          return (
            <div key={p.key} data-part={p.key}>
              <dt>
                <span class={`dot seg-${i + 1}`} />
                {p.label}
              </dt>
              <dd>
                <Num value={p.value} /> <span class="muted">(<Pct value={p.share} />)</span>
                {change && <Change change={change.change} days={change.days} perDay={change.perDay} />}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
