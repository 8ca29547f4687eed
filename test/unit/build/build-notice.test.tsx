// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BuildNotice } from '@/components/build/BuildNotice.tsx';
import type { BuildCheck, PageGuard } from '@/lib/build/page-guard.ts';
import { useRenderRoot } from '@/test/unit/render-root.ts';

const rootNow = useRenderRoot();

/** A guard whose state the test moves. */
function guardAt(initial: BuildCheck) {
  let state = initial;
  const listeners = new Set<(s: BuildCheck) => void>();
  const guard: PageGuard = {
    get state() {
      return state;
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
  return { guard, move: (s: BuildCheck) => act(() => ((state = s), listeners.forEach((l) => l(s)))) };
}

let app: HTMLElement;
beforeEach(() => {
  app = document.createElement('div');
  app.id = 'app';
  document.body.append(app);
});
afterEach(() => app.remove());

describe('BuildNotice: what a page says about a mix of builds', () => {
  it('says nothing and leaves the page in use while the builds are one', async () => {
    const { guard, move } = guardAt('checking');
    await act(() => render(<BuildNotice guard={guard} />, rootNow()));
    await move('same');
    expect(rootNow().textContent).toBe('');
    expect(app.inert).toBe(false);
  });

  it('while Vantage restarts: a status, the page out of use', async () => {
    const { guard, move } = guardAt('checking');
    await act(() => render(<BuildNotice guard={guard} />, rootNow()));
    await move('restarting');
    const notice = rootNow().querySelector('main[data-build="restarting"]')!;
    expect(notice.querySelector('h1')!.textContent).toBe('Finishing Vantage\'s update');
    expect(notice.querySelector('[role="status"]')!.textContent).toBe('Vantage restarts now and comes back in a moment.');
    expect(app.inert).toBe(true);
  });

  it('when the restart did not help: an alert in plain words, with the one thing that fixes it and the way there', async () => {
    const { guard } = guardAt('stuck');
    await act(() => render(<BuildNotice guard={guard} />, rootNow()));
    // The page's main content while its own is out of use: a landmark, a heading, and the words as an alert.
    const notice = rootNow().querySelector('main[data-build="stuck"]')!;
    expect(notice.querySelector('h1')!.textContent).toBe('Vantage is only partly updated');
    const alert = notice.querySelector('[role="alert"]')!.textContent;
    expect(alert).toContain('turn Vantage off and on again on your browser\'s extensions page (chrome://extensions)');
    expect(alert).toContain('Nothing you saved is lost.');
    expect(app.inert).toBe(true);
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    await act(() => rootNow().querySelector('button')!.click());
    expect(create).toHaveBeenCalledWith({ url: `chrome://extensions/?id=${fakeBrowser.runtime.id}` });
  });
});
