import { shortAddress } from '@/lib/score/address.ts';
import { formatClockSeconds } from '@/lib/format/date.ts';
import { t } from '@/lib/i18n/index.ts';
import { bandOf } from '@/lib/score/band.ts';
import { bandLabel } from '@/lib/score/band-label.ts';
import { describeExtras, formatValue } from '@/lib/score/extras.ts';
import type { ScoreLookup } from '@/lib/score/lookup.ts';
import { WatchButton } from '@/components/watch/WatchButton.tsx';
import { BreakdownBars } from './BreakdownBars.tsx';
import { ScoreScale } from './ScoreScale.tsx';

/** One answered lookup: the score large, its band on the scale, and everything else the model sent. */
export function ScoreResultView({ lookup }: { lookup: ScoreLookup }) {
  const band = bandOf(lookup.score);
  const { breakdown, rank, rows } = describeExtras(lookup.extras, band?.name ?? null);
  return (
    <section class="score-result card" aria-label={t('score.result')}>
      <div class="score-head">
        <div class="score-value num" data-testid="score-value">{formatValue(lookup.score)}</div>
        <div class="score-meta">
          <div class={`score-band ${band ? `band-${band.id}` : 'band-none'}`} data-testid="score-band">
            {band ? bandLabel(band) : t('score.noBand')}
          </div>
          <div class="muted score-subject">
            {/* The full address is in the field above; here a glance is enough. */}
            <span class="mono" title={lookup.checksummed}>{shortAddress(lookup.checksummed)}</span>
            <span> · {lookup.scoreId}</span>
          </div>
        </div>
      </div>
      <ScoreScale score={lookup.score} />
      {breakdown && <BreakdownBars breakdown={breakdown} />}
      {(rank !== null || rows.length > 0) && (
        <dl class="score-extras">
          {rank !== null && (
            <div>
              <dt>{t('score.rank')}</dt>
              <dd class="num">{formatValue(rank)}</dd>
            </div>
          )}
          {rows.map((r) => (
            <div key={r.key}>
              <dt>{r.label}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <WatchButton address={lookup.address} model={lookup.scoreId} />
      <p class="hint score-fetched">{t('score.answeredAt', { time: formatClockSeconds(lookup.fetchedAt) })}</p>
    </section>
  );
}
