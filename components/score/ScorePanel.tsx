import type { FunctionComponent } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { describeError, toErrorInfo } from '@/lib/api/errors.ts';
import { t } from '@/lib/i18n/index.ts';
import { askWorker } from '@/lib/messaging/send.ts';
import { checkAddress, toChecksum } from '@/lib/score/address.ts';
import type { ScoreLookup } from '@/lib/score/lookup.ts';
import { pageRecentLookups, type RecentLookup } from '@/lib/score/recent.ts';
import { KNOWN_SCORE_MODELS } from '@/lib/settings/score-models.ts';
import { loadSettings } from '@/lib/settings/store.ts';
import { Watchlist } from '@/components/watch/Watchlist.tsx';
import { RecentLookups } from './RecentLookups.tsx';
import { ScoreResultView } from './ScoreResultView.tsx';
import './score.css';
import { followStored } from '@/lib/storage/follow.ts';

export interface ScorePanelProps {
  /** Pre-filled address (the context-menu window, a dashboard link). */
  readonly initialAddress?: string;
  /** Pre-filled model; otherwise the one chosen in Options. */
  readonly initialScoreId?: string;
  /** Look the pre-filled address up at once. */
  readonly autoLookup?: boolean;
}

type View =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'done'; readonly lookup: ScoreLookup }
  | { readonly kind: 'error'; readonly message: string };

/**
 * Score lookup for any address: used by the popup's Score tab, the
 * context-menu window and the dashboard. The worker does the calling and
 * caching; this checks the address first, so a bad one never leaves the page.
 */
// Typed as a FunctionComponent so it also fits prop-less slots (the popup's tab list).
export const ScorePanel: FunctionComponent<ScorePanelProps> = ({ initialAddress = '', initialScoreId, autoLookup = false }) => {
  const id = useId();
  const [address, setAddress] = useState(initialAddress);
  const [scoreId, setScoreId] = useState(initialScoreId ?? '');
  const [defaultModel, setDefaultModel] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [view, setView] = useState<View>({ kind: 'idle' });
  const [recent, setRecent] = useState<readonly RecentLookup[]>([]);
  // Only the latest lookup may paint: an older answer arriving late is dropped.
  const latest = useRef(0);

  const lookUp = async (rawAddress: string, rawModel: string) => {
    const checked = checkAddress(rawAddress);
    if (!checked.ok) {
      setAddressError(checked.message);
      setView({ kind: 'idle' });
      return;
    }
    setAddressError(null);
    const ticket = ++latest.current;
    setView({ kind: 'loading' });
    try {
      const lookup = await askWorker('score.lookup', { address: checked.address, scoreId: rawModel.trim() || undefined });
      if (ticket === latest.current) setView({ kind: 'done', lookup });
    } catch (e) {
      if (ticket !== latest.current) return;
      const info = toErrorInfo(e);
      if (info.kind === 'invalid-params' && info.param === 'entity_address') {
        setAddressError(info.message);
        setView({ kind: 'idle' });
      } else {
        setView({ kind: 'error', message: describeError(info) });
      }
    }
  };

  useEffect(() => {
    let live = true;
    loadSettings().then((s) => {
      if (!live) return;
      setDefaultModel(s.scoreId);
      if (!initialScoreId) setScoreId((cur) => cur || s.scoreId);
      if (autoLookup && initialAddress) void lookUp(initialAddress, initialScoreId || s.scoreId);
    });
    const stored = pageRecentLookups();
    const unwatch = followStored({ read: () => stored.load(), watch: (cb) => stored.watch(cb) }, setRecent);
    return () => {
      live = false;
      unwatch();
    };
    // Runs once per mount: the initial props seed the form, later edits are the user's.
  }, []);

  /** Fills the form with a listed (address, model) and looks it up. */
  const pick = (lower: string, model: string) => {
    const shown = toChecksum(lower);
    setAddress(shown);
    setScoreId(model);
    void lookUp(shown, model);
  };

  const models = [...new Set([scoreId, defaultModel, ...KNOWN_SCORE_MODELS.map((m) => m.id), ...recent.map((r) => r.scoreId)])].filter(Boolean);
  const addressId = `${id}-address`;
  const errorId = `${id}-address-error`;

  return (
    <div class="score-panel">
      <form
        class="score-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void lookUp(address, scoreId);
        }}
      >
        <div class="field">
          <label for={addressId}>{t('score.address')}</label>
          <input
            id={addressId}
            type="text"
            class="mono"
            value={address}
            placeholder="0x…"
            spellcheck={false}
            autocomplete="off"
            aria-invalid={addressError ? 'true' : undefined}
            aria-describedby={addressError ? errorId : undefined}
            onInput={(e) => {
              setAddress(e.currentTarget.value);
              if (addressError) setAddressError(null);
            }}
          />
          {addressError && (
            <div id={errorId} class="field-error" role="alert">
              {addressError}
            </div>
          )}
        </div>
        <div class="score-form-row">
          <div class="field">
            <label for={`${id}-model`}>{t('score.model')}</label>
            <input
              id={`${id}-model`}
              type="text"
              list={`${id}-models`}
              value={scoreId}
              spellcheck={false}
              autocomplete="off"
              onInput={(e) => setScoreId(e.currentTarget.value)}
            />
            <datalist id={`${id}-models`}>
              {models.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
          </div>
          <button type="submit" class="primary" disabled={view.kind === 'loading'}>
            {t('score.check')}
          </button>
        </div>
      </form>

      <div aria-live="polite">
        {view.kind === 'loading' && (
          <div class="score-result card" aria-busy="true">
            <div class="skeleton score-skeleton-value" />
            <div class="skeleton" />
            <span class="sr-only">{t('score.lookingUp')}</span>
          </div>
        )}
        {view.kind === 'error' && (
          <p class="score-error card status-error" role="alert">
            {view.message}
          </p>
        )}
        {view.kind === 'done' && <ScoreResultView lookup={view.lookup} />}
      </div>

      <Watchlist onPick={(w) => pick(w.address, w.model)} />

      <RecentLookups
        list={recent}
        onPick={(r) => pick(r.address, r.scoreId)}
        onClear={() => void pageRecentLookups().clear().then(() => setRecent([]))}
      />
    </div>
  );
};
