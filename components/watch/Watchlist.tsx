import { useState } from 'preact/hooks';
import { describeError, toErrorInfo } from '@/lib/api/errors.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { askWorker } from '@/lib/messaging/send.ts';
import { shortAddress, toChecksum } from '@/lib/score/address.ts';
import { bandLabel } from '@/lib/score/band-label.ts';
import { bandOf } from '@/lib/score/band.ts';
import { latestScore, type WatchedAddress } from '@/lib/watch/watchlist.ts';
import { lazy } from '@/components/ui/lazy.tsx';
import { downloadText } from '@/components/ui/download.ts';
import { useWatchlist } from './use-watchlist.ts';
import './watch.css';

// uPlot loads with the first sparkline, not with the Score tab.
const Sparkline = lazy(() => import('./Sparkline.tsx').then((m) => m.Sparkline), () => <div class="watch-spark" aria-hidden="true" />);

function Row({ w, onPick }: { w: WatchedAddress; onPick: (w: WatchedAddress) => void }) {
  const full = toChecksum(w.address);
  const score = latestScore(w);
  const band = score === null ? null : bandOf(score);
  const remove = () => void askWorker('watch.remove', { address: w.address, model: w.model }).catch(() => undefined);
  const trend = w.history.length > 1
    ? t('watch.list.trend', w.history.length, { from: formatNumber(w.history[0]![1]), to: formatNumber(score), count: formatNumber(w.history.length) })
    : t('watch.list.oneCheck');
  const failed = w.lastError ? t('watch.list.lastFailed', { error: describeError(w.lastError) }) : '';
  return (
    <li class="watch-row" data-address={w.address} data-model={w.model}>
      <button type="button" class="watch-subject" onClick={() => onPick(w)} title={`${full} · ${w.model}`}>
        <span class="mono watch-short">{shortAddress(full)}</span>
        <span class="mono watch-full">{full}</span>
        <span class="muted watch-model">{w.model}</span>
      </button>
      <span class="num watch-score" data-testid="watch-score">{score ?? '—'}</span>
      <span class={`score-band watch-band ${band ? `band-${band.id}` : 'band-none'}`} data-testid="watch-band">{band ? bandLabel(band) : score === null ? t('watch.list.notScored') : t('watch.list.noBand')}</span>
      {w.history.length > 0 ? <Sparkline points={w.history} label={t('watch.list.history', { trend })} /> : <div class="watch-spark" />}
      {w.lastError && (
        <span class="watch-warn" role="img" aria-label={failed} title={failed}>!</span>
      )}
      <button type="button" class="linkish watch-remove" onClick={remove} aria-label={t('watch.list.stop', { address: full, model: w.model })}>
        {t('watch.list.remove')}
      </button>
    </li>
  );
}

/**
 * The popup Score tab's watched addresses: current score, band and a
 * sparkline of the history; a click shows the score. Export, check now
 * and remove all below. Mutations go through the worker, its only writer.
 */
export function Watchlist({ onPick }: { onPick: (w: WatchedAddress) => void }) {
  const list = useWatchlist();
  const [status, setStatus] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [checking, setChecking] = useState(false);
  if (!list?.length) return null;

  const fail = (e: unknown) => setStatus(describeError(toErrorInfo(e)));
  const exportCsv = () =>
    askWorker('watch.export', {}).then(({ fileName, csv }) => downloadText(fileName, csv), fail);
  const checkNow = async () => {
    setChecking(true);
    setStatus(null);
    try {
      const r = await askWorker('watch.check', {});
      setStatus(
        r.stoppedBy
          ? t('watch.list.checkedPartial', { scored: formatNumber(r.scored), total: formatNumber(r.asked + r.skipped), error: describeError({ kind: r.stoppedBy, message: '' }) })
          : r.failed
            ? t('watch.list.checkedFailed', r.failed, { count: formatNumber(r.failed) })
            : t('watch.list.checked'),
      );
    } catch (e) {
      fail(e);
    } finally {
      setChecking(false);
    }
  };

  return (
    <section class="watchlist" aria-label={t('watch.list.label')}>
      <div class="score-recent-head">
        <h2>{t('watch.list.title')}</h2>
        <button type="button" class="linkish" onClick={() => void checkNow()} disabled={checking}>
          {checking ? t('watch.list.checking') : t('watch.list.checkNow')}
        </button>
      </div>
      <ul>
        {list.map((w) => (
          <Row key={`${w.model}|${w.address}`} w={w} onPick={onPick} />
        ))}
      </ul>
      <div class="watch-actions">
        <button type="button" class="linkish" onClick={() => void exportCsv()}>{t('watch.list.exportCsv')}</button>
        {confirming ? (
          <span class="watch-confirm" role="group" aria-label={t('watch.list.removeAllLabel')}>
            <span>{t('watch.list.removeAllCount', { count: formatNumber(list.length) })}</span>
            <button type="button" class="linkish danger" onClick={() => void askWorker('watch.clear', {}).then(() => setConfirming(false), fail)}>{t('watch.list.removeAllYes')}</button>
            <button type="button" class="linkish" onClick={() => setConfirming(false)}>{t('watch.list.keep')}</button>
          </span>
        ) : (
          <button type="button" class="linkish" onClick={() => setConfirming(true)}>{t('watch.list.removeAll')}</button>
        )}
      </div>
      {status && <p class="hint watch-status" role="status">{status}</p>}
    </section>
  );
}
