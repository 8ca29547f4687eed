import { useState } from 'preact/hooks';
import { describeError, toErrorInfo } from '@/lib/api/errors.ts';
import { askWorker } from '@/lib/messaging/send.ts';
import { shortAddress, toChecksum } from '@/lib/score/address.ts';
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
  const trend = w.history.length > 1 ? `from ${w.history[0]![1]} to ${score} over ${w.history.length} checks` : 'one check so far';
  return (
    <li class="watch-row" data-address={w.address} data-model={w.model}>
      <button type="button" class="watch-subject" onClick={() => onPick(w)} title={`${full} · ${w.model}`} aria-label={`${full}, ${w.model}: show its score`}>
        <span class="mono watch-short">{shortAddress(full)}</span>
        <span class="mono watch-full">{full}</span>
        <span class="muted watch-model">{w.model}</span>
      </button>
      <span class="num watch-score" data-testid="watch-score">{score ?? '—'}</span>
      <span class={`score-band watch-band ${band ? `band-${band.id}` : 'band-none'}`} data-testid="watch-band">{band?.name ?? (score === null ? 'Not yet scored' : 'No band')}</span>
      {w.history.length > 0 ? <Sparkline points={w.history} label={`Score history: ${trend}`} /> : <div class="watch-spark" />}
      {w.lastError && (
        <span class="watch-warn" role="img" aria-label={`Last check failed: ${describeError(w.lastError)}`} title={`Last check failed: ${describeError(w.lastError)}`}>!</span>
      )}
      <button type="button" class="linkish watch-remove" onClick={remove} aria-label={`Stop watching ${full} (${w.model})`}>
        Remove
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
      setStatus(r.stoppedBy ? `Checked ${r.scored} of ${r.asked + r.skipped}; the rest waits: ${describeError({ kind: r.stoppedBy, message: '' })}` : r.failed ? `Checked; ${r.failed} could not be scored.` : 'Checked.');
    } catch (e) {
      fail(e);
    } finally {
      setChecking(false);
    }
  };

  return (
    <section class="watchlist" aria-label="Watched addresses">
      <div class="score-recent-head">
        <h3>Watching</h3>
        <button type="button" class="linkish" onClick={() => void checkNow()} disabled={checking}>
          {checking ? 'Checking…' : 'Check now'}
        </button>
      </div>
      <ul>
        {list.map((w) => (
          <Row key={`${w.model}|${w.address}`} w={w} onPick={onPick} />
        ))}
      </ul>
      <div class="watch-actions">
        <button type="button" class="linkish" onClick={() => void exportCsv()}>Export CSV</button>
        {confirming ? (
          <span class="watch-confirm" role="group" aria-label="Remove all watched addresses?">
            <span>Remove all {list.length}?</span>
            <button type="button" class="linkish danger" onClick={() => void askWorker('watch.clear', {}).then(() => setConfirming(false), fail)}>Yes, remove all</button>
            <button type="button" class="linkish" onClick={() => setConfirming(false)}>Keep</button>
          </span>
        ) : (
          <button type="button" class="linkish" onClick={() => setConfirming(true)}>Remove all</button>
        )}
      </div>
      {status && <p class="hint watch-status" role="status">{status}</p>}
    </section>
  );
}
