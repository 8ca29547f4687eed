import { useEffect, useState } from 'preact/hooks';
import { describeError, toErrorInfo } from '@/lib/api/errors.ts';
import { Rich, keep } from '@/components/ui/rich.tsx';
import { formatClockSeconds } from '@/lib/format/date.ts';
import { t } from '@/lib/i18n/index.ts';
import { askWorker } from '@/lib/messaging/send.ts';
import { proofMessageText } from '@/lib/proof/describe.ts';
import type { Phase, FlowReport } from '@/lib/proof/flow.ts';
import type { FlowSummary } from '@/lib/proof/runner.ts';
// The proof.* request types (module augmentation).
import type {} from '@/lib/proof/routes.ts';
import { loadSettings } from '@/lib/settings/store.ts';
import { ProofHistory } from './ProofHistory.tsx';
import './proof.css';

const PHASE_LABEL: Record<Phase, () => string> = {
  consent: () => t('proof.phase.consent'),
  creating: () => t('proof.phase.creating'),
  proving: () => t('proof.phase.proving'),
  verifying: () => t('proof.phase.verifying'),
  delivering: () => t('proof.phase.delivering'),
};

const clock = { format: formatClockSeconds };

/** How often the list refreshes while the popup is open. */
const REFRESH_MS = 1000;

function reportText(r: FlowReport): string {
  // The page API's own messages stay English for sites (docs/i18n.md); here they are in the user's language.
  if (r.result === 'delivered') return r.score !== undefined ? t('proof.report.deliveredScore', { score: r.score, origin: r.origin }) : t('proof.report.delivered', { origin: r.origin });
  const reason = r.message !== undefined ? proofMessageText(r.message) : t('proof.report.failedWord');
  if (r.result === 'failed') return r.code !== undefined ? t('proof.report.failedCode', { origin: r.origin, reason, code: r.code }) : t('proof.report.failed', { origin: r.origin, reason });
  return t('proof.report.notHanded', { origin: r.origin, reason: r.message !== undefined ? proofMessageText(r.message) : '' }).trim();
}

/**
 * The popup's Proofs tab: flows in progress (with Cancel), recent outcomes,
 * "Prove my score to this site" for the active tab, and what each site received (ProofHistory).
 */
export function ProofsPanel() {
  const [flows, setFlows] = useState<FlowSummary[] | null>(null);
  const [reports, setReports] = useState<readonly FlowReport[]>([]);
  const [defaults, setDefaults] = useState<{ scoreId: string; minScore: number } | null>(null);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () =>
    askWorker('proof.list', {}).then(
      (r) => {
        setFlows(r.flows);
        setReports(r.reports);
      },
      (e: unknown) => setNote({ text: describeError(toErrorInfo(e)), error: true }),
    );

  useEffect(() => {
    void refresh();
    loadSettings().then((s) => setDefaults({ scoreId: s.scoreId, minScore: s.minScore }), () => undefined);
    const t = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(t);
  }, []);

  const prove = async () => {
    setBusy(true);
    setNote(null);
    try {
      const ack = await askWorker('proof.startForTab', {});
      setNote('error' in ack ? { text: t('proof.panel.withCode', { text: proofMessageText(ack.error.message), code: ack.error.code }), error: true } : { text: t('proof.panel.opening'), error: false });
      await refresh();
    } catch (e) {
      setNote({ text: describeError(toErrorInfo(e)), error: true });
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (flowId: string) => {
    try {
      await askWorker('proof.cancel', { flowId });
      await refresh();
    } catch (e) {
      setNote({ text: describeError(toErrorInfo(e)), error: true });
    }
  };

  return (
    <div class="proofs">
      <section class="card" aria-labelledby="prove-heading">
        <h2 id="prove-heading">{t('proof.panel.prove')}</h2>
        <p class="hint">
          {defaults ? (
            <Rich text={t('proof.panel.defaults', keep('model', 'minimum'))} parts={{ model: <strong>{defaults.scoreId}</strong>, minimum: <strong>{defaults.minScore}</strong> }} />
          ) : null}
          <Rich text={t('proof.panel.how', keep('event'))} parts={{ event: <code>vantage:proof</code> }} />
        </p>
        <button type="button" class="primary" data-testid="prove-to-site" disabled={busy} onClick={prove}>{t('proof.panel.prove')}</button>
        {note && <p role={note.error ? 'alert' : 'status'} class={note.error ? 'status-error' : 'muted'}>{note.text}</p>}
      </section>

      <section aria-labelledby="flows-heading">
        <h2 id="flows-heading">{t('proof.panel.inProgress')}</h2>
        {flows === null ? (
          <p class="skeleton" aria-busy="true">&nbsp;</p>
        ) : flows.length === 0 ? (
          <p class="muted">{t('proof.panel.none')}</p>
        ) : (
          <ul>
            {flows.map((f) => (
              <li key={f.flowId} class="card proof-item" data-testid="proof-flow">
                <span class="proof-origin">{f.origin}</span>
                <span class="proof-meta">
                  {PHASE_LABEL[f.phase]()} · {f.scoreId} ≥ {f.condition} · {t('proof.panel.since', { time: clock.format(f.startedAt) })}
                  {f.source === 'popup' ? ` · ${t('proof.panel.fromPopup')}` : ''}
                  {f.lastError ? <span class="status-warn"> · {t('proof.panel.retrying', { error: f.lastError })}</span> : null}
                </span>
                <button type="button" class="danger" aria-label={t('proof.panel.cancelLabel', { origin: f.origin })} onClick={() => cancel(f.flowId)}>
                  {t('proof.panel.cancel')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {reports.length > 0 && (
        <section aria-labelledby="reports-heading">
          <h2 id="reports-heading">{t('proof.panel.recent')}</h2>
          <ul>
            {reports.map((r) => (
              <li key={r.flowId} class={`proof-report ${r.result === 'delivered' ? 'status-ok' : r.result === 'failed' ? 'status-error' : 'muted'}`}>
                {clock.format(r.at)} · {reportText(r)}
              </li>
            ))}
          </ul>
        </section>
      )}

      <ProofHistory />
    </div>
  );
}
