import { describeSetAside } from '@/lib/storage/describe.ts';
import type { SetAsideRecord } from '@/lib/storage/set-aside.ts';
import { t } from '@/lib/i18n/index.ts';

/**
 * "Needs your attention": what Vantage set aside instead of replacing it
 * (lib/storage/set-aside.ts), and a session-only key an update took. Shown
 * only when there is something to say.
 */
export interface AttentionProps {
  readonly records: readonly SetAsideRecord[];
  readonly sessionKeyLost: boolean;
  /** Records put back into the form, dismissed once it is saved. */
  readonly restored: ReadonlySet<string>;
  readonly onRestore: (record: SetAsideRecord) => void;
  readonly onDismiss: (record: SetAsideRecord) => void;
}

export function AttentionSection({ records, sessionKeyLost, restored, onRestore, onDismiss }: AttentionProps) {
  if (!records.length && !sessionKeyLost) return null;
  return (
    <section class="card options-section attention" aria-labelledby="attention-heading">
      <h2 id="attention-heading">{t('attention.heading')}</h2>
      {sessionKeyLost && <p class="attention-key" role="status">{t('attention.sessionKeyLost')}</p>}
      {records.length > 0 && (
        <>
          <p class="muted">{t('attention.intro')}</p>
          <ul class="attention-list">
            {records.map((r) => {
              const said = describeSetAside(r);
              const isRestored = restored.has(r.id);
              return (
                <li key={r.id} data-set-aside={r.source}>
                  <p class="attention-text">{said.text}</p>
                  <p class="hint muted">{isRestored ? t('attention.restoredHelp') : said.help}</p>
                  {said.details !== undefined && (
                    <details>
                      <summary>{t('attention.showValue')}</summary>
                      <pre class="attention-value">{said.details}</pre>
                    </details>
                  )}
                  <span class="attention-actions">
                    {said.restoreTo && !isRestored && (
                      <button type="button" onClick={() => onRestore(r)}>
                        {t('attention.restore')}
                      </button>
                    )}
                    <button type="button" onClick={() => onDismiss(r)}>
                      {t('attention.dismiss')}
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
