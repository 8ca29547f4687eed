import type { ComponentType } from 'preact';
import { lazy } from '@/components/ui/lazy.tsx';
import { t } from '@/lib/i18n/index.ts';

/**
 * A panel whose code loads when its tab is first shown, so the popup's
 * first paint carries only the default tab's code.
 */
export function lazyPanel(load: () => Promise<ComponentType>): ComponentType {
  return lazy(
    load,
    () => <div class="skeleton" style={{ height: '8em' }} aria-busy="true" />,
    () => <p class="status-error">{t('popup.loadFailed')}</p>,
  );
}
