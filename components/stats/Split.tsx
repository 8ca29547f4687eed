import type { Breakdown } from '@/lib/normalize/normalize.ts';
import { t } from '@/lib/i18n/index.ts';
import { Num, Pct } from './Num.tsx';
import { Change } from './Change.tsx';
import { useCompare } from './compare-context.ts';
import { ComparedSplit } from './compared-lazy.ts';
import type { FigureChange } from './use-change.ts';

/**
 * A whole split into named parts: one bar of coloured segments, and each part's count and share (and, by part key,
 * the change of its share). In a comparison (`compare`: the other project's), a table with a column per project instead.
 */
export function Split({ breakdown, label, compare, changes = {} }: {
  breakdown: Breakdown;
  label: string;
  compare?: Breakdown | null;
  changes?: Readonly<Record<string, FigureChange | undefined>>;
}) {
  if (useCompare() && compare) return <ComparedSplit breakdown={breakdown} other={compare} label={label} />;
  return (
    <div class="split" data-split={label}>
      <div class="split-bar" role="img" aria-label={`${label}: ${breakdown.parts.map((p) => `${p.label} ${p.value ?? t('stats.split.unknown')}`).join(', ')}`}>
        {breakdown.parts.map((p, i) =>
          p.value ? <span key={p.key} class={`seg seg-${i + 1}`} style={{ flexGrow: p.value }} /> : null,
        )}
      </div>
      <dl class="split-legend">
        {breakdown.parts.map((p, i) => (
          <div key={p.key} data-part={p.key}>
            <dt>
              <span class={`dot seg-${i + 1}`} />
              {p.label}
            </dt>
            <dd>
              <Num value={p.value} /> <span class="muted">(<Pct value={p.share} />)</span>
              {changes[p.key] && <Change change={changes[p.key]!.change} days={changes[p.key]!.days} />}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
