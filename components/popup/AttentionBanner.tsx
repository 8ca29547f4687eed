import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n/index.ts';
import { readAttention, watchAttention, type Attention } from '@/lib/storage/attention.ts';

/**
 * Says, above the popup's tabs, that a session-only key went with an update,
 * or that saved data was set aside, with the way to Options. Read after the
 * first paint (an effect), so it costs the popup's first numbers nothing.
 */
export function AttentionBanner() {
  const [attention, setAttention] = useState<Attention | null>(null);
  useEffect(() => {
    const read = () => void readAttention().then(setAttention, () => undefined);
    read();
    return watchAttention(read);
  }, []);
  if (!attention || (!attention.sessionKeyLost && !attention.setAside)) return null;
  return (
    <div class="notice notice-stale attention-banner" role="status">
      <span>
        {attention.sessionKeyLost && <span class="attention-line">{t('attention.sessionKeyLost')}</span>}
        {attention.setAside && <span class="attention-line">{t('attention.setAside')}</span>}
      </span>
      <span class="notice-actions">
        <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('attention.openOptions')}
        </button>
      </span>
    </div>
  );
}
