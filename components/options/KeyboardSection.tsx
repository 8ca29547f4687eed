import { useEffect, useState } from 'preact/hooks';
import { Rich, keep } from '@/components/ui/rich.tsx';
import { t } from '@/lib/i18n/index.ts';
import { shortcutSettingsHint, type PopupShortcut } from '@/lib/platform/commands.ts';
import { OMNIBOX_KEYWORD } from '@/lib/platform/firefox-manifest.ts';

export interface KeyboardDeps {
  /** The popup's shortcut as the browser has it now (null: the browser has no shortcuts). */
  readonly popupShortcut: () => Promise<PopupShortcut | null>;
  readonly openShortcutSettings: () => Promise<void>;
}

/**
 * The address-bar keyword and the popup's shortcut: what they are, and where
 * the browser lets the user change the shortcut (an extension cannot).
 */
export function KeyboardSection({ deps }: { deps: KeyboardDeps }) {
  const [shortcut, setShortcut] = useState<PopupShortcut | null | undefined>(undefined);
  useEffect(() => {
    deps.popupShortcut().then(setShortcut, () => setShortcut(null));
  }, [deps]);
  return (
    <section class="card options-section keyboard-section" aria-labelledby="keyboard-heading">
      <h2 id="keyboard-heading">{t('options.keyboard.title')}</h2>
      <p>
        <Rich text={t('options.keyboard.omnibox', keep('keyword'))} parts={{ keyword: <kbd>{OMNIBOX_KEYWORD}</kbd> }} />
      </p>
      {shortcut !== undefined && shortcut !== null && (
        <>
          <p data-testid="popup-shortcut">
            {t('options.keyboard.openPopup')}{' '}
            {shortcut.shortcut ? <kbd>{shortcut.shortcut}</kbd> : <span class="muted">{t('options.keyboard.noShortcut')}</span>}
          </p>
          <div class="shortcut-change">
            <p class="hint">{t('options.keyboard.change', { how: shortcutSettingsHint() })}</p>
            <button type="button" onClick={() => void deps.openShortcutSettings().catch(() => undefined)}>
              {t('options.keyboard.openSettings')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
