import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n/index.ts';
import type { ConnectionVerdict } from '@/lib/settings/connection.ts';

type Tone = 'ok' | 'warn' | 'error';

function verdictTone(v: ConnectionVerdict): Tone {
  if (v.status === 'works') return 'ok';
  return v.ok ? 'warn' : 'error';
}

/**
 * "Test connection": runs the check the parent supplies (with the form's
 * current values) and says in words what happened.
 */
export function ConnectionTest(props: { run: () => Promise<ConnectionVerdict | null> }) {
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<ConnectionVerdict | null>(null);
  const onClick = async () => {
    setBusy(true);
    setVerdict(null);
    try {
      setVerdict(await props.run());
    } catch (e) {
      setVerdict({ status: 'failed', ok: false, message: t('options.connection.failed', { error: e instanceof Error ? e.message : String(e) }) });
    } finally {
      setBusy(false);
    }
  };
  const tone = verdict && verdictTone(verdict);
  return (
    <div class="connection-test">
      <button type="button" onClick={onClick} disabled={busy} aria-describedby="connection-result">
        {busy ? t('options.connection.busy') : t('options.connection.run')}
      </button>
      <p id="connection-result" role="status" class={tone ? `verdict status-${tone}` : 'verdict'}>
        {verdict && (
          <>
            <span aria-hidden="true" class="verdict-mark">{tone === 'ok' ? '✓' : tone === 'warn' ? '!' : '✗'}</span>
            {verdict.message}
          </>
        )}
      </p>
    </div>
  );
}
