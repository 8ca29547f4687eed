import { useEffect, useState } from 'preact/hooks';
import { describeError, toErrorInfo } from '@/lib/api/errors.ts';
import { formatClock } from '@/lib/format/date.ts';
import { t } from '@/lib/i18n/index.ts';
import { askWorker } from '@/lib/messaging/send.ts';
import { createClickGuard } from '@/lib/proof/click-guard.ts';
import type { ConsentDetails } from '@/lib/proof/runner.ts';
// The proof.* request types (module augmentation).
import type {} from '@/lib/proof/routes.ts';
import './proof.css';

type State = { kind: 'loading' } | { kind: 'gone' } | { kind: 'ask'; details: ConsentDetails } | { kind: 'error'; message: string };

/** True once this window has been visible and focused for a moment (lib/proof/click-guard.ts). */
function useAttentionArmed(): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const guard = createClickGuard(setArmed);
    const check = () => guard.update(document.visibilityState === 'visible' && document.hasFocus());
    check();
    window.addEventListener('focus', check);
    window.addEventListener('blur', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      window.removeEventListener('blur', check);
      document.removeEventListener('visibilitychange', check);
      guard.dispose();
    };
  }, []);
  return armed;
}

/**
 * The consent window: who asks (the origin the browser reported), for what
 * (model, minimum, web2Id), Approve / Reject. Closing the window rejects.
 */
export function ConsentApp({ flowId, onDone }: { flowId: string; onDone: () => void }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [always, setAlways] = useState(false);
  const [busy, setBusy] = useState(false);
  const armed = useAttentionArmed();

  useEffect(() => {
    askWorker('proof.consent.get', { flowId }).then(
      (details) => setState(details ? { kind: 'ask', details } : { kind: 'gone' }),
      (e: unknown) => setState({ kind: 'error', message: describeError(toErrorInfo(e)) }),
    );
  }, [flowId]);

  const answer = async (approve: boolean, block = false) => {
    setBusy(true);
    try {
      await askWorker('proof.consent.answer', { flowId, approve, always, block });
      onDone();
    } catch (e) {
      setBusy(false);
      setState({ kind: 'error', message: describeError(toErrorInfo(e)) });
    }
  };

  if (state.kind === 'loading') return <main class="consent" aria-busy="true"><p class="muted">{t('proof.consent.loading')}</p></main>;
  if (state.kind !== 'ask') {
    return (
      <main class="consent">
        <h1>{t('proof.consent.title')}</h1>
        <p role="alert" class={state.kind === 'error' ? 'status-error' : 'muted'}>
          {state.kind === 'error' ? state.message : t('proof.consent.gone')}
        </p>
        <button type="button" onClick={onDone}>{t('proof.consent.close')}</button>
      </main>
    );
  }
  const d = state.details;
  const url = new URL(d.origin);
  return (
    <main class="consent">
      <h1>{t('proof.consent.title')}</h1>
      <p class="consent-lead">{t('proof.consent.lead')}</p>
      <p class="consent-origin" data-testid="consent-origin">
        <strong>{url.host}</strong>
        <span class="muted">{d.origin}</span>
        {url.protocol === 'http:' && <span class="status-warn">{t('proof.consent.insecure')}</span>}
      </p>
      <dl class="consent-facts">
        <dt>{t('proof.consent.model')}</dt>
        <dd class="consent-value" data-testid="consent-score-id" dir="ltr" translate={false}>{d.scoreId}</dd>
        <dt>{t('proof.consent.minimum')}</dt>
        <dd class="num" data-testid="consent-condition">{d.condition}</dd>
        <dt>{t('proof.consent.web2Id')}</dt>
        <dd class="consent-value" data-testid="consent-web2id" dir="ltr" translate={false}>{d.web2Id}</dd>
      </dl>
      <p class="hint">
        {t('proof.consent.explain', { minimum: d.condition })}
      </p>
      <label class="consent-always">
        <input type="checkbox" data-testid="consent-always" checked={always} onChange={(e) => setAlways((e.target as HTMLInputElement).checked)} />
        <span>
          {t('proof.consent.always')}
          <span class="hint consent-always-hint">{t('proof.consent.alwaysHint', { host: url.host })}</span>
        </span>
      </label>
      <p class="hint">{t('proof.consent.expires', { time: formatClock(d.deadline) })}</p>
      <div class="consent-actions">
        <button type="button" data-testid="consent-reject" disabled={busy} onClick={() => answer(false)}>{t('proof.consent.reject')}</button>
        <button type="button" class="primary" data-testid="consent-approve" disabled={busy || !armed} onClick={() => answer(true)}>{t('proof.consent.approve')}</button>
      </div>
      <p class="consent-block">
        <button type="button" class="link danger" data-testid="consent-block" disabled={busy} onClick={() => answer(false, true)}>
          {t('proof.consent.block')}
        </button>
        <span class="hint">{t('proof.consent.blockHint', { host: url.host })}</span>
      </p>
    </main>
  );
}
