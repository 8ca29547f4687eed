import { shortAddress, toChecksum } from '@/lib/score/address.ts';
import { t } from '@/lib/i18n/index.ts';
import type { RecentLookup } from '@/lib/score/recent.ts';

export function RecentLookups(props: {
  list: readonly RecentLookup[];
  onPick: (r: RecentLookup) => void;
  onClear: () => void;
}) {
  if (!props.list.length) return null;
  return (
    <section class="score-recent" aria-label={t('score.recent.label')}>
      <div class="score-recent-head">
        <h2>{t('score.recent.title')}</h2>
        <button type="button" class="linkish" onClick={props.onClear} aria-label={t('score.recent.clearLabel')}>
          {t('score.recent.clear')}
        </button>
      </div>
      <ul>
        {props.list.map((r) => (
          <li key={`${r.scoreId}|${r.address}`}>
            <button type="button" onClick={() => props.onPick(r)} title={`${toChecksum(r.address)} · ${r.scoreId}`}>
              <span class="mono">{shortAddress(toChecksum(r.address))}</span>
              <span class="muted">{r.scoreId}</span>
              <span class="num">{r.score}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
