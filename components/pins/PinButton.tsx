import { useEffect, useState } from 'preact/hooks';
import './pins.css';
import { describeError, toErrorInfo } from '@/lib/api/errors.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { MAX_PINS, type PinnedList } from '@/lib/pins/pins.ts';
import { readPins, watchPins } from '@/lib/pins/store.ts';

/** The pinned list, followed through changes made here or in another page; null until read. */
export function usePins(): PinnedList | null {
  const [pins, setPins] = useState<PinnedList | null>(null);
  useEffect(() => {
    let live = true;
    void readPins().then((l) => live && setPins(l), () => live && setPins([]));
    const stop = watchPins(setPins);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return pins;
}

/** The pin store loads on first use: the popup's first bundle carries only the read. */
const loadPinStore = () => import('@/lib/pins/change.ts').then((m) => m.pinStore());

/**
 * Pins the project shown (or unpins it), saying what happened: pinned, the
 * limit reached (which project to unpin first is the user's choice, in the
 * Projects tab), or why it could not be saved.
 */
export function PinButton({ project }: { project: string }) {
  const pins = usePins();
  const [note, setNote] = useState<{ project: string; text: string; error: boolean } | null>(null);
  if (!pins || !project) return null;
  const pinned = pins.includes(project);
  const say = (text: string, error = false) => setNote({ project, text, error });
  const toggle = async () => {
    try {
      const store = await loadPinStore();
      if (pinned) {
        await store.unpin(project);
        say(t('pins.view.unpinned', { project }));
        return;
      }
      const r = await store.pin(project);
      if (r.ok) say(t('pins.pinned', { project }));
      else if (r.reason === 'limit') say(t('pins.limit', { max: formatNumber(MAX_PINS), project }), true);
      else say(t('pins.invalid', { project }), true);
    } catch (e) {
      say(t('pins.saveFailed', { reason: describeError(toErrorInfo(e)) }), true);
    }
  };
  return (
    <span class="pin-control">
      <button type="button" class="pin-toggle" data-pinned={pinned || undefined} onClick={() => void toggle()} title={pinned ? t('pins.unpinTitle', { project }) : t('pins.pinTitle', { project })}>
        {pinned ? t('pins.unpin') : t('pins.pin')}
      </button>
      {/* Always in the page, so screen readers announce what is put in it. */}
      <span class={note?.error ? 'pin-note status-error' : 'pin-note hint'} role="status">
        {note?.project === project ? note.text : ''}
      </span>
    </span>
  );
}
