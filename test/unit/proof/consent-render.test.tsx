// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ConsentApp } from '@/components/proof/ConsentApp.tsx';
import { parseProofRequest, PARAM_LIMITS } from '@/lib/proof/params.ts';
import type { ConsentDetails } from '@/lib/proof/runner.ts';
import { useRenderRoot } from '@/test/unit/render-root.ts';

const rootNow = useRenderRoot();
const LONG_MODEL = 'm'.repeat(PARAM_LIMITS.scoreId);
const LONG_ID = `https://lending.example#${'a'.repeat(PARAM_LIMITS.web2Id - 'https://lending.example#'.length)}`;

describe('the consent window shows the page\'s strings exactly as sent, each in its own left-to-right box', () => {
  let details: ConsentDetails;
  beforeEach(() => {
    fakeBrowser.runtime.onMessage.addListener(async () => ({ ok: true, value: details }));
  });

  const shown = (id: string) => rootNow().querySelector<HTMLElement>(`[data-testid="${id}"]`)!;

  it.each([
    ['the longest model id and a bound web2Id of the longest', LONG_MODEL, LONG_ID],
    ['spaces inside, another script', 'điểm  tín dụng', 'Nguyễn Văn  A'],
  ])('%s', async (_name, scoreId, web2Id) => {
    // What reaches this window has passed the page-API rules.
    expect(parseProofRequest({ scoreId, condition: 600, web2Id, bindOrigin: true })).toMatchObject({ scoreId, web2Id });
    details = { flowId: 'f1', origin: 'https://lending.example', scoreId, condition: 600, web2Id, deadline: Date.now() + 60_000 };
    await act(() => render(<ConsentApp flowId="f1" onDone={() => undefined} />, rootNow()));
    await expect.poll(() => rootNow().querySelector('[data-testid="consent-score-id"]')).not.toBeNull();
    for (const [id, value] of [['consent-score-id', scoreId], ['consent-web2id', web2Id]] as const) {
      const el = shown(id);
      expect(el.textContent).toBe(value);
      expect(el.getAttribute('dir')).toBe('ltr');
      expect(el.classList.contains('consent-value')).toBe(true);
    }
    expect(shown('consent-condition').textContent).toBe('600');
    expect(shown('consent-approve')).not.toBeNull();
    expect(shown('consent-reject')).not.toBeNull();
  });
});
