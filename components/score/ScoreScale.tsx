import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { BANDS, SCALE_MAX, SCALE_MIN, bandOf, scalePosition } from '@/lib/score/band.ts';
import { bandLabel } from '@/lib/score/band-label.ts';

/** The 300–850 scale in its five bands, with a marker at the score. */
export function ScoreScale({ score }: { score: number }) {
  const band = bandOf(score);
  const span = SCALE_MAX - SCALE_MIN;
  return (
    <div
      class="score-scale"
      role="meter"
      aria-label={t('score.scale')}
      aria-valuemin={SCALE_MIN}
      aria-valuemax={SCALE_MAX}
      aria-valuenow={Math.min(SCALE_MAX, Math.max(SCALE_MIN, score))}
      aria-valuetext={band ? t('score.scaleValue', { score: formatNumber(score), band: bandLabel(band) }) : t('score.scaleOutside', { score: formatNumber(score) })}
    >
      <div class="score-scale-track">
        <div class="score-scale-bands">
        {BANDS.map((b) => (
          <span
            key={b.id}
            class={`score-scale-segment band-${b.id}`}
            style={{ flexGrow: (Math.min(b.max + 1, SCALE_MAX) - b.min) / span }}
            title={t('score.scaleSegment', { band: bandLabel(b), min: b.min, max: b.max })}
          />
        ))}
        </div>
        {band && <span class="score-scale-marker" style={{ left: `${scalePosition(score) * 100}%` }} />}
      </div>
      <div class="score-scale-ends muted num" aria-hidden="true">
        <span>{SCALE_MIN}</span>
        <span>{SCALE_MAX}</span>
      </div>
    </div>
  );
}
