import { useEffect, useState } from 'preact/hooks';
import { describeError, toErrorInfo } from '@/lib/api/errors.ts';
import { askWorker } from '@/lib/messaging/send.ts';
import type { Phase, FlowReport } from '@/lib/proof/flow.ts';
import type { FlowSummary } from '@/lib/proof/runner.ts';
// The proof.* request types (module augmentation).
import type {} from '@/lib/proof/routes.ts';
import { loadSettings } from '@/lib/settings/store.ts';
import './proof.css';

const PHASE_LABEL: Record<Phase, string> = {
  consent: 'Waiting for your approval',
  creating: 'Starting a proof session',
  proving: 'Waiting for the proof page',
  verifying: 'Verifying the proof',
  delivering: 'Handing over to the page',
};

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** How often the list refreshes while the popup is open. */
const REFRESH_MS = 1000;

function reportText(r: FlowReport): string {
  if (r.result === 'delivered') return r.score !== undefined ? `Proof (score ${r.score}) handed to ${r.origin}` : `Handed to ${r.origin}`;
  if (r.result === 'failed') return `${r.origin}: ${r.message ?? 'failed'}${r.code !== undefined ? ` (code ${r.code})` : ''}`;
  return `${r.origin}: not handed over. ${r.message ?? ''}`;
}

/**
 * The popup's Proofs tab: flows in progress (with Cancel), recent outcomes,
 * and "Prove my score to this site" for the active tab.
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
      setNote('error' in ack ? { text: `${ack.error.message} (code ${ack.error.code})`, error: true } : { text: 'Proof page opening…', error: false });
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
        <h2 id="prove-heading">Prove my score to this site</h2>
        <p class="hint">
          {defaults ? <>Model <strong>{defaults.scoreId}</strong>, minimum <strong>{defaults.minScore}</strong> (change in Options). </> : null}
          The site gets the proof under a random id Vantage keeps for that site only, as a <code>vantage:proof</code> event.
        </p>
        <button type="button" class="primary" data-testid="prove-to-site" disabled={busy} onClick={prove}>Prove my score to this site</button>
        {note && <p role={note.error ? 'alert' : 'status'} class={note.error ? 'status-error' : 'muted'}>{note.text}</p>}
      </section>

      <section aria-labelledby="flows-heading">
        <h2 id="flows-heading">In progress</h2>
        {flows === null ? (
          <p class="skeleton" aria-busy="true">&nbsp;</p>
        ) : flows.length === 0 ? (
          <p class="muted">No proof requests in progress.</p>
        ) : (
          <ul>
            {flows.map((f) => (
              <li key={f.flowId} class="card proof-item" data-testid="proof-flow">
                <span class="proof-origin">{f.origin}</span>
                <span class="proof-meta">
                  {PHASE_LABEL[f.phase]} · {f.scoreId} ≥ {f.condition} · since {clock.format(f.startedAt)}
                  {f.source === 'popup' ? ' · from popup' : ''}
                  {f.lastError ? <span class="status-warn"> · retrying: {f.lastError}</span> : null}
                </span>
                <button type="button" class="danger" aria-label={`Cancel proof for ${f.origin}`} onClick={() => cancel(f.flowId)}>
                  Cancel
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {reports.length > 0 && (
        <section aria-labelledby="reports-heading">
          <h2 id="reports-heading">Recent</h2>
          <ul>
            {reports.map((r) => (
              <li key={r.flowId} class={`proof-report ${r.result === 'delivered' ? 'status-ok' : r.result === 'failed' ? 'status-error' : 'muted'}`}>
                {clock.format(r.at)} · {reportText(r)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
