import { describe, expect, it } from 'vitest';
import { CALL_STALE_MS, nextConsentTurn, nextWakeAt, POLL_INTERVAL_MS, startFlow, step, type Flow, type StartInput } from '@/lib/proof/flow.ts';
import { PARAMS, SETTINGS } from './fakes.ts';

const T0 = 1_700_000_000_000;
const input: StartInput = {
  id: 'f1', tabId: 1, origin: 'https://dapp.example', source: 'page', request: PARAMS,
  config: { proofPageTemplate: SETTINGS.proofPageTemplate, integrationBaseUrl: SETTINGS.integrationBaseUrl, verify: true, timeoutMs: 600_000 },
  skipConsent: false,
};

/** Runs events in order from a started flow whose consent window has had its turn; returns the last step. */
function run(events: Parameters<typeof step>[1][], start = input) {
  let s = startFlow(start, T0);
  if (s.flow?.phase === 'consent') s = step(s.flow, { type: 'consentTurn' }, T0);
  let t = T0;
  for (const e of events) {
    t += 10;
    s = step(s.flow!, e, t);
  }
  return s;
}

describe('flow machine (pure)', () => {
  it('starts in consent, waiting for its turn to open the window, or straight at createUrl when consent is skipped', () => {
    const waiting = startFlow(input, T0);
    expect(waiting).toEqual({ flow: expect.objectContaining({ phase: 'consent', deadline: T0 + 600_000 }), effects: [] });
    expect(step(waiting.flow!, { type: 'consentTurn' }, T0)).toMatchObject({ flow: { consentShown: true }, effects: [{ type: 'openConsent', flowId: 'f1' }] });
    // An answer for a window that was never shown changes nothing.
    expect(step(waiting.flow!, { type: 'consentAnswered', approve: true, always: false }, T0)).toEqual({ flow: waiting.flow, effects: [] });
    expect(startFlow({ ...input, skipConsent: true }, T0)).toMatchObject({
      flow: { phase: 'creating', inFlightSince: T0 }, effects: [{ type: 'createSession', request: PARAMS }],
    });
  });

  it('remembers the site only when the user approves with "always", never on a rejection', () => {
    const allows = (approve: boolean, always: boolean) =>
      run([{ type: 'consentAnswered', approve, always }]).effects.some((e) => e.type === 'allowSite');
    expect(allows(true, true)).toBe(true);
    expect(allows(true, false)).toBe(false);
    expect(allows(false, true)).toBe(false);
  });

  it('a rejection or a closed window starts a cooldown for the origin; "block" blocks it instead', () => {
    const sites = (event: Parameters<typeof step>[1]) => run([event]).effects.filter((e) => e.type === 'rejected' || e.type === 'blockSite');
    expect(sites({ type: 'consentAnswered', approve: false, always: false })).toEqual([{ type: 'rejected', origin: 'https://dapp.example' }]);
    expect(sites({ type: 'consentClosed' })).toEqual([{ type: 'rejected', origin: 'https://dapp.example' }]);
    expect(sites({ type: 'consentAnswered', approve: false, always: false, block: true })).toEqual([{ type: 'blockSite', origin: 'https://dapp.example' }]);
    expect(sites({ type: 'consentAnswered', approve: true, always: false, block: true })).toEqual([]);
  });

  it('only one consent window at a time: the oldest waiting flow is next, once none is showing', () => {
    const a = startFlow(input, T0).flow!;
    const b = startFlow({ ...input, id: 'f2', tabId: 2 }, T0 + 5).flow!;
    expect(nextConsentTurn([b, a])?.id).toBe('f1');
    const showingA = step(a, { type: 'consentTurn' }, T0).flow!;
    expect(nextConsentTurn([b, showingA])).toBeUndefined();
    expect(nextConsentTurn([b])?.id).toBe('f2');
  });

  it('builds the proof URL from the template when createUrl sent none', () => {
    const s = run([{ type: 'consentAnswered', approve: true, always: false }, { type: 'sessionCreated', sessionId: 'a_B-9' }]);
    expect(s.effects).toEqual([{ type: 'openProofTab', url: 'https://svc.example/proof/a_B-9', besideTabId: 1 }]);
    expect(s.flow).toMatchObject({ phase: 'proving', dueAt: T0 + 20 + POLL_INTERVAL_MS });
  });

  it.each(['..', '../admin', 'a b', 'a/b', '', 'x'.repeat(129), 'é'])('refuses the session id %j: 5000, and no tab opens', (sessionId) => {
    const s = run([{ type: 'consentAnswered', approve: true, always: false }, { type: 'sessionCreated', sessionId }]);
    expect(s.effects.some((e) => e.type === 'openProofTab')).toBe(false);
    expect(s.flow).toMatchObject({ phase: 'delivering', outcome: { ok: false, error: { code: 5000 } } });
  });

  it.each([
    ['the template’s origin', 'https://svc.example/early/s1', true],
    ['the integration base’s origin', 'https://api.svc.example/pages/s1', true],
    ['another site', 'https://svc.example.evil.test/proof/s1', false],
    ['plain http on the service host', 'http://svc.example/proof/s1', false],
    ['a javascript: URL', 'javascript:alert(1)', false],
    ['not a URL', 'proof page', false],
  ])('a proof page URL from the service on %s: opened %s', (_n, url, opened) => {
    const s = run([{ type: 'consentAnswered', approve: true, always: false }, { type: 'sessionCreated', sessionId: 's1', url }]);
    if (opened) expect(s.effects).toEqual([{ type: 'openProofTab', url, besideTabId: 1 }]);
    else {
      expect(s.effects.some((e) => e.type === 'openProofTab')).toBe(false);
      expect(s.flow?.outcome).toMatchObject({ ok: false, error: { code: 5000 } });
      expect(s.flow?.failure).toContain('outside the service’s own origins');
    }
  });

  it('wakes for the next call, the stale-call limit, or the deadline, whichever is first', () => {
    const consent = startFlow(input, T0).flow!;
    expect(nextWakeAt(consent)).toBe(consent.deadline);
    const proving = run([{ type: 'consentAnswered', approve: true, always: false }, { type: 'sessionCreated', sessionId: 's' }]).flow!;
    expect(nextWakeAt(proving)).toBe(proving.dueAt);
    const polling = step(proving, { type: 'tick' }, proving.dueAt).flow!;
    expect(polling.inFlightSince).toBe(proving.dueAt);
    expect(nextWakeAt(polling)).toBe(proving.dueAt + CALL_STALE_MS);
  });

  it('does not poll twice while a poll is out, unless it went stale', () => {
    const proving = run([{ type: 'consentAnswered', approve: true, always: false }, { type: 'sessionCreated', sessionId: 's' }]).flow!;
    const out = step(proving, { type: 'tick' }, proving.dueAt);
    // The proof tab's id has not come back yet: each poll also looks for the tab by its address.
    const poll = [{ type: 'poll', sessionId: 's' }, { type: 'adoptProofTab', url: proving.proofUrl }];
    expect(out.effects).toEqual(poll);
    expect(step(out.flow!, { type: 'tick' }, proving.dueAt + 5000).effects).toEqual([]);
    expect(step(out.flow!, { type: 'tick' }, proving.dueAt + CALL_STALE_MS).effects).toEqual(poll);
  });

  it('ignores answers that do not fit the phase', () => {
    const consent = startFlow(input, T0).flow!;
    for (const e of [
      { type: 'polled', status: 'FINISHED', proof: '{}' },
      { type: 'verified', valid: true },
      { type: 'sessionCreated', sessionId: 'x' },
      { type: 'delivered' },
    ] as const) {
      expect(step(consent, e, T0 + 1)).toEqual({ flow: consent, effects: [] });
    }
  });

  it('closes a consent window or proof tab that opens after the flow moved on', () => {
    const delivering = run([{ type: 'cancel' }]).flow! as Flow;
    expect(delivering.phase).toBe('delivering');
    expect(step(delivering, { type: 'consentOpened', windowId: 9 }, T0 + 50).effects).toEqual([{ type: 'closeWindow', windowId: 9 }]);
    expect(step(delivering, { type: 'proofTabOpened', tabId: 8 }, T0 + 50).effects).toEqual([{ type: 'closeTab', tabId: 8 }]);
  });

  it('waits at least the poll interval after a 429 without Retry-After, and longer when told', () => {
    const proving = run([{ type: 'consentAnswered', approve: true, always: false }, { type: 'sessionCreated', sessionId: 's' }]).flow!;
    const t = proving.dueAt;
    const out = step(proving, { type: 'tick' }, t).flow!;
    const a = step(out, { type: 'callFailed', error: { kind: 'rate-limited', status: 429, message: 'slow down' } }, t + 5).flow!;
    expect(a.dueAt - (t + 5)).toBe(1000);
    const b = step(out, { type: 'callFailed', error: { kind: 'rate-limited', status: 429, message: 'slow down', retryAt: t + 20_005 } }, t + 5).flow!;
    expect(b.dueAt).toBe(t + 20_005);
  });
});
