// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { useRenderRoot } from '@/test/unit/render-root.ts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ScorePanel } from '@/components/score/ScorePanel.tsx';
import { ScoreResultView } from '@/components/score/ScoreResultView.tsx';
import { CHANNEL } from '@/lib/messaging/protocol.ts';
import type { ScoreLookup } from '@/lib/score/lookup.ts';

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const lookup = (over: Partial<ScoreLookup> = {}): ScoreLookup => ({
  address: ADDR.toLowerCase() as `0x${string}`, checksummed: ADDR, scoreId: 'credit-v1', score: 696, fetchedAt: 0,
  extras: {
    rank: 81,
    band: 'Good',
    scoreBreakdown: { assets: 740, transactions: 712, loan: 550 },
    modelVersion: '2.1',
    signals: { sybilRisk: 'low', flags: ['bridge', 'lending'] },
    verified: true,
  },
  ...over,
});

const rootNow = useRenderRoot();

/** Label → value of the extras list as a person reads it. */
const rows = () => Object.fromEntries([...rootNow().querySelectorAll('.score-extras > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]));

describe('ScoreResultView', () => {
  it('shows the score, its band on the scale, the breakdown, the rank and every unknown extra', () => {
    render(<ScoreResultView lookup={lookup()} />, rootNow());
    expect(rootNow().querySelector('[data-testid="score-value"]')!.textContent).toBe('696');
    expect(rootNow().querySelector('[data-testid="score-band"]')!.textContent).toBe('Good');
    const meter = rootNow().querySelector('[role="meter"]')!;
    expect(meter.getAttribute('aria-valuenow')).toBe('696');
    expect(meter.getAttribute('aria-valuetext')).toBe('696, Good');
    const bars = [...rootNow().querySelectorAll('.score-breakdown li')].map((li) => li.textContent);
    expect(bars).toEqual(['Assets740', 'Transactions712', 'Loan550']);
    expect(rows()).toEqual({
      Rank: '81',
      'Model version': '2.1',
      'Signals › Sybil risk': 'low',
      'Signals › Flags': 'bridge, lending',
      Verified: 'Yes',
    });
  });

  it('says a score outside 300–850 has no band, and draws no marker', () => {
    render(<ScoreResultView lookup={lookup({ score: 912, extras: { type: 'activity' } })} />, rootNow());
    expect(rootNow().querySelector('[data-testid="score-band"]')!.textContent).toMatch(/No band/);
    expect(rootNow().querySelector('.score-scale-marker')).toBeNull();
    expect(rootNow().querySelector('.score-breakdown')).toBeNull();
    expect(rows()).toEqual({ Type: 'activity' });
  });
});

describe('ScorePanel', () => {
  const asked: unknown[] = [];
  let reply: unknown;
  beforeEach(() => {
    asked.length = 0;
    reply = { ok: true, value: lookup() };
    fakeBrowser.runtime.onMessage.addListener(async (m: unknown) => {
      asked.push(m);
      return reply;
    });
  });

  const input = (name: string) => [...rootNow().querySelectorAll('label')].find((l) => l.textContent === name)!.control as HTMLInputElement;
  const submit = async (address: string) => {
    await act(() => {
      const field = input('Address');
      field.value = address;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => {
      rootNow().querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
  };

  it('has an "Address" field and the model from Options', async () => {
    await act(() => render(<ScorePanel />, rootNow()));
    await expect.poll(() => input('Score model').value).toBe('credit-v1');
    expect(input('Address')).toBeTruthy();
  });

  it('refuses an invalid address with a plain message and asks the worker nothing', async () => {
    await act(() => render(<ScorePanel />, rootNow()));
    await submit('0x1234');
    expect(rootNow().querySelector('[role="alert"]')!.textContent).toMatch(/40 hex digits/);
    expect(input('Address').getAttribute('aria-invalid')).toBe('true');
    expect(asked).toEqual([]);
  });

  it('looks a valid address up through the worker and shows the answer', async () => {
    await act(() => render(<ScorePanel />, rootNow()));
    await expect.poll(() => input('Score model').value).toBe('credit-v1');
    await submit(ADDR.toLowerCase());
    await expect.poll(() => rootNow().querySelector('[data-testid="score-value"]')?.textContent).toBe('696');
    expect(asked).toEqual([{ channel: CHANNEL, type: 'score.lookup', payload: { address: ADDR.toLowerCase(), scoreId: 'credit-v1' } }]);
  });

  it('shows a zero or missing score as an error, not as a score', async () => {
    const message = 'The model returned a score of 0, which the service treats as an error, not a score.';
    reply = { ok: false, error: { kind: 'bad-response', operation: 'calculateCustomScore', message } };
    await act(() => render(<ScorePanel />, rootNow()));
    await submit(ADDR);
    await expect.poll(() => rootNow().querySelector('.score-error')?.textContent).toBe(message);
    expect(rootNow().querySelector('[data-testid="score-value"]')).toBeNull();
  });
});
