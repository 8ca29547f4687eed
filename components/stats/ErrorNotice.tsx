import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n/index.ts';
import { describeError, type ApiErrorInfo } from '@/lib/api/errors.ts';

/** Kinds fixed in Options: the way out is a button that opens it. */
const FIXED_IN_OPTIONS = new Set(['not-configured', 'key-rejected', 'network', 'not-found', 'redirected']);
/** Kinds worth another try now (rate limits retry by themselves). */
const RETRY_BY_HAND = new Set(['network', 'timeout', 'server-error', 'bad-response', 'not-found', 'client-error', 'refused']);

/** An error said plainly, with the way out. `stale`: older data is still shown above it. */
export function ErrorNotice({ error, onRetry, stale = false }: { error: ApiErrorInfo; onRetry?: () => void; stale?: boolean }) {
  return (
    <div class={`notice ${stale ? 'notice-stale' : 'notice-error'}`} role={stale ? 'status' : 'alert'} data-error={error.kind}>
      <span class="notice-text">
        {stale && <strong>{t('stats.error.notUpdated')} </strong>}
        {describeError(error)}
      </span>
      <span class="notice-actions">
        {FIXED_IN_OPTIONS.has(error.kind) && (
          <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
            {t('stats.error.openOptions')}
          </button>
        )}
        {onRetry && RETRY_BY_HAND.has(error.kind) && (
          <button type="button" onClick={onRetry}>
            {t('stats.error.retry')}
          </button>
        )}
      </span>
    </div>
  );
}
