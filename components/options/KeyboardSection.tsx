import { useEffect, useState } from 'preact/hooks';
import { SHORTCUT_SETTINGS_HINT, type PopupShortcut } from '@/lib/platform/commands.ts';
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
      <h2 id="keyboard-heading">Address bar and keyboard</h2>
      <p>
        In the address bar, type <kbd>{OMNIBOX_KEYWORD}</kbd>, a space, then an address (optionally followed by a score
        model) to open its score, or a project id to open its dashboard. Suggestions come from your recent lookups and
        projects: Vantage sends nothing anywhere while you type there.
      </p>
      {shortcut !== undefined && shortcut !== null && (
        <>
          <p data-testid="popup-shortcut">
            Open the popup:{' '}
            {shortcut.shortcut ? <kbd>{shortcut.shortcut}</kbd> : <span class="muted">no shortcut set (another extension may use the key)</span>}
          </p>
          <div class="shortcut-change">
            <p class="hint">To change it: {SHORTCUT_SETTINGS_HINT}</p>
            <button type="button" onClick={() => void deps.openShortcutSettings().catch(() => undefined)}>
              Open shortcut settings
            </button>
          </div>
        </>
      )}
    </section>
  );
}
