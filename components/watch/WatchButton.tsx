import { useState } from 'preact/hooks';
import { describeError, toErrorInfo } from '@/lib/api/errors.ts';
import { t } from '@/lib/i18n/index.ts';
import { askWorker } from '@/lib/messaging/send.ts';
import { requestNotifications } from '@/lib/notify/permission.ts';
import { sameWatch } from '@/lib/watch/watchlist.ts';
import { useWatchlist } from './use-watchlist.ts';

/**
 * "Watch" on a score result: adds (address, model) to the watchlist, and
 * asks for the optional notifications permission in the same click (a
 * browser grants it only during the user's gesture). Watching works without
 * it; the note then says band changes show only in the list.
 */
export function WatchButton({ address, model }: { address: `0x${string}`; model: string }) {
  const list = useWatchlist();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const watching = list?.some((w) => sameWatch(w, { address, model })) ?? false;

  const onClick = async () => {
    if (watching) {
      setNote(null);
      await askWorker('watch.remove', { address, model }).catch((e: unknown) => setNote(describeError(toErrorInfo(e))));
      return;
    }
    // First, before any await: the permission request needs the click's gesture.
    const asked = requestNotifications();
    setBusy(true);
    setNote(null);
    try {
      await askWorker('watch.add', { address, model });
      if (!(await asked)) setNote(t('watch.button.notificationsOff'));
    } catch (e) {
      setNote(describeError(toErrorInfo(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="watch-toggle">
      <button type="button" class={watching ? '' : 'primary'} aria-pressed={watching} disabled={busy || list === null} onClick={() => void onClick()}>
        {watching ? t('watch.button.watching') : t('watch.button.watch')}
      </button>
      <span class="hint">{watching ? t('watch.button.hintWatching') : t('watch.button.hint')}</span>
      {note && <p class="hint watch-note" role="status">{note}</p>}
    </div>
  );
}
