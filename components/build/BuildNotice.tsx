import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { pageBuildGuard, type BuildCheck, type PageGuard } from '@/lib/build/page-guard.ts';
import { t } from '@/lib/i18n/index.ts';

/** Whether the page is out of use: restarting into its build, or of another build than the worker. */
const outOfUse = (state: BuildCheck) => state === 'restarting' || state === 'stuck';

// Styled here, not in a stylesheet: every page shows it, and a stylesheet of its own would be one more file
// on the way to the popup's notices. Theme colours (components/ui/theme.css).
const BOX = {
  margin: '8px auto', maxWidth: '760px', padding: '8px 10px', border: '1px solid var(--warn)', borderRadius: 'var(--radius)',
  background: 'var(--bg-raised)', color: 'var(--fg)', overflowWrap: 'anywhere',
} as const;
const STUCK = { ...BOX, borderColor: 'var(--danger)' } as const;
const TITLE = { fontSize: '1rem', margin: '0 0 4px' } as const;
const LINE = { margin: '4px 0' } as const;

/**
 * What a page says while Vantage restarts to end a mix of builds, or when
 * the mix outlived the restart (lib/build/page-guard.ts): then, the one thing
 * that fixes it. Meanwhile the page's own content (`#app`) is out of use
 * (inert: never a half-working mix), and this is the page's main content,
 * with its heading.
 */
export function BuildNotice({ guard }: { guard: PageGuard }) {
  const [state, setState] = useState(guard.state);
  useEffect(() => {
    setState(guard.state);
    return guard.subscribe(setState);
  }, [guard]);
  useEffect(() => {
    const app = document.getElementById('app');
    if (!app) return;
    app.inert = outOfUse(state);
    app.style.opacity = outOfUse(state) ? '0.45' : '';
  }, [state]);
  if (state === 'restarting') {
    return (
      <main class="build-notice" data-build={state} style={BOX}>
        <h1 style={TITLE}>{t('build.restartingTitle')}</h1>
        <p role="status" style={LINE}>{t('build.restarting')}</p>
      </main>
    );
  }
  if (state !== 'stuck') return null;
  return (
    <main class="build-notice" data-build={state} style={STUCK}>
      <h1 style={{ ...TITLE, color: 'var(--danger)' }}>{t('build.stuckTitle')}</h1>
      <div role="alert">
        <p style={LINE}>{t('build.stuckWhy')}</p>
        <p style={LINE}>{import.meta.env.FIREFOX ? t('build.fixFirefox') : t('build.fixChromium')}</p>
      </div>
      {/* Firefox lets no extension open about:addons; Chromium opens its extensions page at Vantage. */}
      {!import.meta.env.FIREFOX && (
        <button type="button" onClick={() => void browser.tabs.create({ url: `chrome://extensions/?id=${browser.runtime.id}` })}>
          {t('build.openExtensions')}
        </button>
      )}
    </main>
  );
}

/**
 * Starts this page's build check and shows its notice above the page's content, in a root of its own
 * (outside `#app`, which it puts out of use). `reopen`: open the page again after a restart.
 */
export function startBuildCheck(opts: { readonly reopen: boolean }): void {
  const guard = pageBuildGuard(opts);
  const host = document.createElement('div');
  host.id = 'build-check';
  // What the check found, on the page (`same` once the worker answered from this page's build), for tests and support.
  const mark = (state: BuildCheck) => void (host.dataset.state = state);
  mark(guard.state);
  guard.subscribe(mark);
  document.body.prepend(host);
  render(<BuildNotice guard={guard} />, host);
}
