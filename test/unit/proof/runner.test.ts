import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ProofErrorCode } from '@/lib/proof/contract.ts';
import { SERVICE_FAILED_FOR_PAGE } from '@/lib/proof/flow.ts';
import { sessionFlowStore } from '@/lib/proof/flow-store.ts';
import { BLOCKED_MESSAGE, COOLDOWN_FIRST_MS, COOLDOWN_MAX_MS, COOLING_DOWN_MESSAGE } from '@/lib/proof/cooldown.ts';
import { DAPP_TAB, freshWorldEachTest, makeWorld, ORIGIN, PARAMS, PROOF_TEXT, SITES, type World } from './fakes.ts';

const store = sessionFlowStore();

let w: World;
freshWorldEachTest((world) => (w = world));

const advance = (ms: number) => w.advance(ms);

const approvedFlow = (params?: typeof PARAMS) => w.approvedFlow(params);

function lastDelivery() {
  return w.tabs.deliveries.at(-1)?.delivery;
}

describe('proof flow: approve', () => {
  it('consent → createUrl → proof tab → polls about once a second → verify → delivery → cleanup', async () => {
    const ack = await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    expect(ack).toEqual({ flowId: 'flow-1' });
    await w.flush();
    // A consent window with the browser-reported origin and the request, before anything reaches the service.
    expect(w.tabs.windows.size).toBe(1);
    expect(await w.runner.consentDetails('flow-1')).toMatchObject({ origin: ORIGIN, scoreId: 'credit-v1', condition: 600, web2Id: 'user-42' });
    expect(w.svc.calls).toEqual([]);
    expect(w.watchdog.armed).toBe(true);

    await w.runner.answerConsent('flow-1', true, false);
    await w.flush();
    expect(w.tabs.windows.size).toBe(0);
    expect(w.svc.count('createUrl')).toBe(1);
    const proofTab = w.tabs.proofTab()!;
    expect(w.tabs.tabs.get(proofTab)).toBe('https://svc.example/proof/sess-1');

    await advance(5000);
    expect(w.svc.count('getProofData')).toBe(5);
    const polls = w.svc.calls.filter((c) => c.op === 'getProofData').map((c) => c.at);
    expect(polls.slice(1).map((t, i) => t - polls[i]!)).toEqual([1000, 1000, 1000, 1000]);

    w.svc.finished = true;
    await advance(1000);
    expect(w.svc.count('verify')).toBe(1);
    expect(lastDelivery()).toEqual({
      channel: 'vantage/v1', type: 'proof.deliver', flowId: 'flow-1', source: 'page',
      outcome: { ok: true, result: { sessionId: 'sess-1', proofText: PROOF_TEXT, web2Id: 'user-42' } },
    });
    expect(w.tabs.closedTabs).toEqual([proofTab]);
    expect(w.tabs.focused).toBe(DAPP_TAB);
    expect(await store.all()).toEqual([]);
    expect(w.watchdog.armed).toBe(false);
    expect((await w.runner.list()).reports[0]).toMatchObject({ result: 'delivered', score: 712, origin: ORIGIN });
  });

  it('opens no proof page on a host the user has not granted (settings changed behind Options\' back): 4100, and the popup says why', async () => {
    w.settings = { ...w.settings, proofPageTemplate: 'https://look-alike.example/proof/{sessionId}', integrationBaseUrl: 'https://look-alike.example/v1' };
    await approvedFlow();
    expect(w.tabs.proofTab()).toBeUndefined();
    expect(lastDelivery()?.outcome).toEqual({ ok: false, error: { code: 4100, message: 'Vantage is not set up: no API key.' } });
    expect((await w.runner.list()).reports[0]).toMatchObject({ result: 'failed', code: 4100, message: expect.stringContaining('look-alike.example') });
  });

  it('opens the URL the service sent when it sent one', async () => {
    w.svc.created = { sessionId: 'sess-9', url: 'https://svc.example/early/sess-9' };
    await approvedFlow();
    expect(w.tabs.tabs.get(w.tabs.proofTab() ?? -1) ?? [...w.tabs.tabs.values()].at(-1)).toBe('https://svc.example/early/sess-9');
  });

  it('skips verify when the setting is off', async () => {
    w.settings = { ...w.settings, verify: false };
    w.svc.finished = true;
    await approvedFlow();
    await advance(1000);
    expect(w.svc.count('verify')).toBe(0);
    expect(lastDelivery()?.outcome).toMatchObject({ ok: true, result: { proofText: PROOF_TEXT } });
  });

  it('"always allow" remembers the site, and its next request skips the window', async () => {
    const ack = await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    await w.flush();
    await w.runner.answerConsent((ack as { flowId: string }).flowId, true, true);
    await w.flush();
    expect(await SITES.isListed('allowed', ORIGIN)).toBe(true);
    w.svc.finished = true;
    await advance(1000);
    expect(lastDelivery()?.outcome.ok).toBe(true);

    await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    await w.flush();
    expect(w.tabs.windows.size).toBe(0);
    expect(w.svc.count('createUrl')).toBe(2);
  });
});

describe('proof flow: the user says no', () => {
  it('Reject delivers 4001 and never calls the service', async () => {
    const ack = await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    await w.flush();
    await w.runner.answerConsent((ack as { flowId: string }).flowId, false, true);
    await w.flush();
    expect(lastDelivery()?.outcome).toEqual({ ok: false, error: { code: 4001, message: 'The user rejected the request.' } });
    expect(w.svc.calls).toEqual([]);
    expect(w.tabs.windows.size).toBe(0);
    expect(await SITES.isListed('allowed', ORIGIN)).toBe(false);
    expect(await store.all()).toEqual([]);
  });

  it('closing the consent window is a rejection', async () => {
    await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    await w.flush();
    const [windowId] = [...w.tabs.windows];
    w.tabs.windows.delete(windowId!);
    await w.runner.onWindowRemoved(windowId!);
    await w.flush();
    expect(lastDelivery()?.outcome).toMatchObject({ ok: false, error: { code: 4001 } });
    expect(w.svc.calls).toEqual([]);
  });

  it('Cancel from the popup while polling delivers 4001, closes the proof tab and stops polling', async () => {
    const flowId = await approvedFlow();
    await advance(3000);
    expect((await w.runner.list()).flows).toMatchObject([{ flowId, phase: 'proving', origin: ORIGIN }]);
    await w.runner.cancel(flowId);
    await w.flush();
    expect(lastDelivery()?.outcome).toMatchObject({ ok: false, error: { code: 4001, message: 'The user cancelled the request.' } });
    expect(w.tabs.proofTab()).toBeUndefined();
    const polls = w.svc.count('getProofData');
    await advance(10_000);
    expect(w.svc.count('getProofData')).toBe(polls);
  });
});

describe('proof flow: time and failures', () => {
  it('times out with 5001 after the configured minutes', async () => {
    await approvedFlow();
    await advance(10 * 60_000 - 1500);
    expect(w.tabs.deliveries).toEqual([]);
    await advance(2000);
    expect(lastDelivery()?.outcome).toEqual({ ok: false, error: { code: ProofErrorCode.TimedOut, message: 'No proof within 10 min.' } });
    expect(w.tabs.proofTab()).toBeUndefined();
    expect(await store.all()).toEqual([]);
  });

  it('flows that end together each leave their report (the writes do not race)', async () => {
    // A store as slow as a real one between reading the list and writing it back.
    const real = sessionFlowStore();
    w.life.kill();
    w = makeWorld({
      ...real,
      async addReport(report) {
        const before = await real.reports();
        await new Promise((r) => setTimeout(r, 5));
        await fakeBrowser.storage.session.set({ proofReports: [report, ...before] });
      },
    });
    w.settings = { ...w.settings, timeoutMs: 60_000 };
    w.tabs.tabs.set(2, 'https://two.example/');
    w.tabs.tabs.set(3, 'https://three.example/');
    for (const tabId of [DAPP_TAB, 2, 3]) await w.runner.startForTab(tabId);
    await advance(61_000);
    expect(await store.all()).toEqual([]);
    expect((await w.runner.list()).reports.map((r) => r.origin).sort()).toEqual([ORIGIN, 'https://three.example', 'https://two.example']);
  });

  it('times out in the consent window too, and closes it', async () => {
    w.settings = { ...w.settings, timeoutMs: 60_000 };
    await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    await advance(60_000);
    expect(lastDelivery()?.outcome).toMatchObject({ ok: false, error: { code: 5001 } });
    expect(w.tabs.windows.size).toBe(0);
  });

  it('honours Retry-After on 429 while polling', async () => {
    await approvedFlow();
    await advance(1000); // first poll: PROCESSING
    w.svc.script.push({ kind: 'rate-limited', status: 429, message: 'Too many requests', retryAt: Date.now() + 1000 + 7000 });
    await advance(1000); // second poll: 429, retry in 7 s
    const at429 = Date.now();
    const before = w.svc.count('getProofData');
    expect((await w.runner.list()).flows[0]?.lastError).toBe('Too many requests');
    await advance(6900);
    expect(w.svc.count('getProofData')).toBe(before);
    await advance(200);
    expect(w.svc.count('getProofData')).toBe(before + 1);
    expect(w.svc.calls.at(-1)!.at - at429).toBe(7000);
  });

  it('backs off on 5xx and network errors (1 s, 2 s, 4 s…), then carries on and delivers', async () => {
    await approvedFlow();
    w.svc.script.push(
      { kind: 'server-error', status: 503, message: 'Service Unavailable' },
      { kind: 'server-error', status: 502, message: 'Bad Gateway' },
      { kind: 'network', message: 'The service could not be reached.' },
    );
    await advance(1000 + 1000 + 2000 + 4000);
    const polls = w.svc.calls.filter((c) => c.op === 'getProofData').map((c) => c.at);
    expect(polls.slice(1).map((t, i) => t - polls[i]!)).toEqual([1000, 2000, 4000]);
    w.svc.finished = true;
    await advance(1000);
    expect(lastDelivery()?.outcome.ok).toBe(true);
  });

  it('fails with 5000 on an error that retrying cannot fix', async () => {
    await approvedFlow();
    w.svc.script.push({ kind: 'not-found', status: 404, operation: 'getProofData', message: 'Not found: unknown session' });
    await advance(1000);
    // The page gets the code and a fixed text; the service's own words are for the user, in the popup.
    expect(lastDelivery()?.outcome).toEqual({ ok: false, error: { code: 5000, message: SERVICE_FAILED_FOR_PAGE } });
    expect((await w.runner.list()).reports[0]).toMatchObject({
      result: 'failed', code: 5000, message: 'getProofData failed (HTTP 404): Not found: unknown session',
    });
  });

  it('fails with 4100 when the key disappeared before createUrl', async () => {
    w.svc.createError = { kind: 'not-configured', message: 'No API key is set.' };
    await approvedFlow();
    expect(lastDelivery()?.outcome).toMatchObject({ ok: false, error: { code: 4100 } });
  });

  it('fails with 5000 when the service says the proof is not valid, or sends an unreadable one', async () => {
    w.svc.valid = false;
    w.svc.finished = true;
    await approvedFlow();
    await advance(1000);
    expect(lastDelivery()?.outcome).toEqual({ ok: false, error: { code: 5000, message: SERVICE_FAILED_FOR_PAGE } });
    expect((await w.runner.list()).reports[0]).toMatchObject({ message: 'The service says the proof is not valid.' });

    w.svc.script.push({ status: 'FINISHED', proof: '{"proof":{},"publicSignals":[]}' });
    await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    await w.flush();
    await w.runner.answerConsent('flow-2', true, false);
    await advance(1000);
    expect(lastDelivery()?.outcome).toMatchObject({ ok: false, error: { code: 5000, message: SERVICE_FAILED_FOR_PAGE } });
    expect((await w.runner.list()).reports[0]).toMatchObject({ message: expect.stringContaining('unreadable proof') });
  });
});

describe('proof flow: the MV3 worker is stopped', () => {
  it('just after opening the proof tab: the fresh worker adopts that tab, and closes it after the hand-over', async () => {
    w.tabs.proofTabAnswer = new Promise(() => undefined);
    await approvedFlow();
    const proofTab = w.tabs.proofTab()!;
    expect((await store.all())[0]?.proofTabId).toBeUndefined();
    await w.restart();
    expect((await store.all())[0]?.proofTabId).toBe(proofTab);
    w.svc.finished = true;
    await advance(1000);
    expect(lastDelivery()?.outcome.ok).toBe(true);
    expect(w.tabs.closedTabs).toEqual([proofTab]);
  });

  it('mid-poll: a fresh worker resumes from storage at once and still delivers', async () => {
    await approvedFlow();
    await advance(2000);
    w.svc.hang = true;
    await advance(1000); // this poll's fetch dies with the worker
    const polls = w.svc.count('getProofData');
    w.svc.hang = false;
    w.svc.finished = true;
    await w.restart();
    // No waiting for the stale call: the resumed worker polls straight away.
    expect(w.svc.count('getProofData')).toBe(polls + 1);
    expect(lastDelivery()?.outcome).toMatchObject({ ok: true, result: { proofText: PROOF_TEXT } });
    expect(w.tabs.proofTab()).toBeUndefined();
    expect(w.tabs.focused).toBe(DAPP_TAB);
  });

  it('between polls: the fresh worker keeps the schedule (the alarm or any event wakes it)', async () => {
    await approvedFlow();
    await advance(1500);
    const polls = w.svc.count('getProofData');
    await w.restart();
    expect(w.svc.count('getProofData')).toBe(polls);
    w.svc.finished = true;
    await advance(500);
    expect(lastDelivery()?.outcome.ok).toBe(true);
  });

  it('while the consent window is open: the answer reaches the new worker', async () => {
    const ack = await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    await w.flush();
    await w.restart();
    await w.runner.answerConsent((ack as { flowId: string }).flowId, true, false);
    await w.flush();
    expect(w.svc.count('createUrl')).toBe(1);
  });
});

describe('proof flow: the extension is updated or reloaded (#25)', () => {
  /** An update: storage.session is emptied, and a fresh worker of the new version starts. */
  async function update() {
    await fakeBrowser.storage.session.clear();
    await w.restart();
  }

  it('the new version closes the consent window and the proof tab the old one opened; nothing is left pending', async () => {
    w.tabs.tabs.set(2, 'https://two.example/');
    await approvedFlow();
    const proofTab = w.tabs.proofTab()!;
    await w.runner.request({ tabId: 2, origin: 'https://two.example' }, PARAMS);
    await w.flush();
    const [consentWindow] = [...w.tabs.windows];
    expect(consentWindow).toBeDefined();
    const closedBefore = w.tabs.closedWindows.length;
    await update();
    expect(w.tabs.closedWindows.slice(closedBefore)).toEqual([consentWindow]);
    expect(w.tabs.closedTabs).toEqual([proofTab]);
    expect((await w.runner.list()).flows).toEqual([]);
    // Nothing is recorded as open any more, so a later start closes nothing.
    expect(await store.opened()).toEqual({ windows: [], tabs: [] });
  });

  it('a leftover the browser never finishes closing holds up no new request: its consent window still opens', async () => {
    await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    await w.flush();
    // The browser never answers the close of the old version's window.
    w.tabs.closeOldConsent = () => new Promise<void>(() => undefined);
    const [leftover] = [...w.tabs.windows];
    await update();
    w.tabs.tabs.set(2, 'https://two.example/');
    await w.runner.request({ tabId: 2, origin: 'https://two.example' }, PARAMS);
    await w.flush();
    expect([...w.tabs.windows].filter((id) => id !== leftover)).toHaveLength(1);
  });

  it('a tab that shows something else by then (the user went on in it) is left alone; a worker that merely stopped closes nothing', async () => {
    await approvedFlow();
    const proofTab = w.tabs.proofTab()!;
    await w.restart();
    expect(w.tabs.closedTabs).toEqual([]);
    w.tabs.tabs.set(proofTab, 'https://news.example/');
    await update();
    expect(w.tabs.closedTabs).toEqual([]);
    expect(w.tabs.tabs.get(proofTab)).toBe('https://news.example/');
  });
});

describe('proof flow: the page stops waiting (its relay says so)', () => {
  it('ends that page’s own flow: its window closes, no 4290 afterwards, no answer sent', async () => {
    const ack = (await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS)) as { flowId: string };
    await w.flush();
    expect(w.tabs.windows.size).toBe(1);
    // Another tab, or another origin in this tab, cannot end it.
    await w.runner.abandon({ tabId: 2, origin: ORIGIN }, ack.flowId);
    await w.runner.abandon({ tabId: DAPP_TAB, origin: 'https://evil.example' }, ack.flowId);
    await w.flush();
    expect(w.tabs.windows.size).toBe(1);
    await w.runner.abandon({ tabId: DAPP_TAB, origin: ORIGIN }, ack.flowId);
    await w.flush();
    expect(w.tabs.windows.size).toBe(0);
    expect(w.tabs.deliveries).toEqual([]);
    expect((await w.runner.list()).reports[0]).toMatchObject({ result: 'undelivered', message: 'The page stopped waiting for the proof.' });
    // Not a rejection: no cooldown, and the page may ask again at once.
    expect(await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS)).toEqual({ flowId: expect.any(String) });
  });
});

describe('proof flow: the requesting tab', () => {
  it('navigated to another site: the proof is not handed over, and the proof tab is closed', async () => {
    await approvedFlow();
    await advance(2000);
    w.tabs.tabs.set(DAPP_TAB, 'https://elsewhere.example/');
    w.svc.finished = true;
    await advance(1000);
    expect(w.tabs.deliveries).toEqual([]);
    expect(w.tabs.proofTab()).toBeUndefined();
    expect(await store.all()).toEqual([]);
    expect((await w.runner.list()).reports[0]).toMatchObject({ result: 'undelivered', message: 'The tab left the requesting site.' });
  });

  it('the outcome goes to the very document that asked, where the browser named it', async () => {
    const documentId = w.tabs.tabs.documentId(DAPP_TAB)!;
    const ack = await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN, documentId }, PARAMS);
    await w.flush();
    await w.runner.answerConsent((ack as { flowId: string }).flowId, true, false);
    w.svc.finished = true;
    await advance(2000);
    expect(w.tabs.knocks).toEqual([{ tabId: DAPP_TAB, documentId }]);
    expect(w.tabs.deliveries.map((d) => d.tabId)).toEqual([DAPP_TAB]);
  });

  it('reloaded on the same origin: the new document still gets the proof (the page shows it as vantage:proof)', async () => {
    const documentId = w.tabs.tabs.documentId(DAPP_TAB)!;
    const ack = await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN, documentId }, PARAMS);
    await w.flush();
    await w.runner.answerConsent((ack as { flowId: string }).flowId, true, false);
    await advance(2000);
    w.tabs.tabs.set(DAPP_TAB, `${ORIGIN}/app?reloaded`);
    w.svc.finished = true;
    await advance(1000);
    // The old document is gone: the knock falls back to the tab's top frame, which is still the origin that asked.
    expect(w.tabs.knocks).toEqual([{ tabId: DAPP_TAB, documentId }, { tabId: DAPP_TAB }]);
    expect(lastDelivery()?.outcome.ok).toBe(true);
    expect((await w.runner.list()).reports[0]).toMatchObject({ result: 'delivered', score: 712 });
  });

  it('closed: the flow ends, its windows close, polling stops', async () => {
    await approvedFlow();
    await advance(2000);
    w.tabs.tabs.delete(DAPP_TAB);
    await w.runner.onTabRemoved(DAPP_TAB);
    await w.flush();
    expect(w.tabs.proofTab()).toBeUndefined();
    expect(await store.all()).toEqual([]);
    const polls = w.svc.count('getProofData');
    await advance(5000);
    expect(w.svc.count('getProofData')).toBe(polls);
    expect(w.tabs.deliveries).toEqual([]);
  });

  it('closed while the consent window is open: the window closes', async () => {
    await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    await w.flush();
    await w.runner.onTabRemoved(DAPP_TAB);
    await w.flush();
    expect(w.tabs.windows.size).toBe(0);
  });

  it('closing the proof tab loses nothing: a proof that finishes anyway is delivered', async () => {
    await approvedFlow();
    const proofTab = w.tabs.proofTab()!;
    w.tabs.tabs.delete(proofTab);
    await w.runner.onTabRemoved(proofTab);
    await w.flush();
    w.svc.finished = true;
    await advance(1000);
    expect(lastDelivery()?.outcome.ok).toBe(true);
    expect(w.tabs.closedTabs).toEqual([]);
  });

  it('closing the proof tab after the proof is ready hands it over at once, not at the next poll', async () => {
    await approvedFlow();
    await advance(1200);
    const polls = w.svc.count('getProofData');
    w.svc.finished = true;
    const proofTab = w.tabs.proofTab()!;
    w.tabs.tabs.delete(proofTab);
    await w.runner.onTabRemoved(proofTab);
    await w.flush();
    expect(w.svc.count('getProofData')).toBe(polls + 1);
    expect(lastDelivery()?.outcome.ok).toBe(true);
  });

  it('reloading (no receiver for a moment): delivery is retried', async () => {
    await approvedFlow();
    w.tabs.silent.add(DAPP_TAB);
    w.svc.finished = true;
    await advance(1000);
    expect(w.tabs.deliveries).toEqual([]);
    w.tabs.silent.delete(DAPP_TAB);
    await advance(1000);
    expect(lastDelivery()?.outcome.ok).toBe(true);
  });
});

describe('proof flow: a page that keeps asking', () => {
  /** A page request from a tab; resolves the ack. */
  const ask = (tabId = DAPP_TAB, origin = ORIGIN) => w.runner.request({ tabId, origin }, PARAMS);

  it('after a rejection the site cools down, longer each time: refused at once with 4001, no window', async () => {
    const first = await ask();
    await w.flush();
    await w.runner.answerConsent((first as { flowId: string }).flowId, false, false);
    await w.flush();
    expect(w.tabs.windows.size).toBe(0);

    const opened = w.tabs.closedWindows.length + w.tabs.windows.size;
    expect(await ask()).toEqual({ error: { code: 4001, message: COOLING_DOWN_MESSAGE } });
    await advance(COOLDOWN_FIRST_MS - 1000);
    expect(await ask()).toMatchObject({ error: { code: 4001 } });
    expect(w.tabs.closedWindows.length + w.tabs.windows.size).toBe(opened);

    await advance(1000);
    const second = await ask();
    expect(second).toEqual({ flowId: expect.any(String) });
    await w.flush();
    expect(w.tabs.windows.size).toBe(1);
    // Closing the window counts as a rejection too, and the wait grows.
    await w.runner.onWindowRemoved([...w.tabs.windows][0]!);
    await w.flush();
    await advance(COOLDOWN_FIRST_MS);
    expect(await ask()).toMatchObject({ error: { code: 4001, message: COOLING_DOWN_MESSAGE } });
  });

  it('"Block this site" refuses its requests at once until the user unblocks it in Options', async () => {
    const ack = await ask();
    await w.flush();
    await w.runner.answerConsent((ack as { flowId: string }).flowId, false, false, true);
    await w.flush();
    expect(await SITES.isListed('blocked', ORIGIN)).toBe(true);
    await advance(COOLDOWN_MAX_MS);
    expect(await ask()).toEqual({ error: { code: 4001, message: BLOCKED_MESSAGE } });
    expect(w.tabs.windows.size).toBe(0);
    await SITES.unlist('blocked', ORIGIN);
    expect(await ask()).toEqual({ flowId: expect.any(String) });
  });

  it('many tabs asking at once: one consent window on screen, the others wait their turn', async () => {
    w.tabs.tabs.set(2, 'https://two.example/');
    w.tabs.tabs.set(3, 'https://three.example/');
    const acks = [await ask(), await ask(2, 'https://two.example'), await ask(3, 'https://three.example')];
    await w.flush();
    expect(w.tabs.windows.size).toBe(1);
    expect(await w.runner.consentDetails((acks[1] as { flowId: string }).flowId)).toBeNull();
    // Approve the first: the second's window opens, and only then.
    await w.runner.answerConsent((acks[0] as { flowId: string }).flowId, true, false);
    await w.flush();
    expect(w.tabs.windows.size).toBe(1);
    expect(await w.runner.consentDetails((acks[1] as { flowId: string }).flowId)).toMatchObject({ origin: 'https://two.example' });
  });

  it('a request held up in one tab (a slow read for its site) holds up no other tab’s (#26: one queue per tab)', async () => {
    w.tabs.tabs.set(2, 'https://two.example/');
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const isListed = SITES.isListed.bind(SITES);
    const spy = vi.spyOn(SITES, 'isListed').mockImplementation(async (list, origin) => {
      if (origin === ORIGIN) await slow;
      return isListed(list, origin);
    });
    let firstDone = false;
    const first = w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS).finally(() => (firstDone = true));
    expect(await w.runner.request({ tabId: 2, origin: 'https://two.example' }, PARAMS)).toEqual({ flowId: expect.any(String) });
    expect(firstDone).toBe(false);
    release();
    expect(await first).toEqual({ flowId: expect.any(String) });
    spy.mockRestore();
    await w.flush();
    // Still one consent window on screen, whichever queue asked first.
    expect(w.tabs.windows.size).toBe(1);
  });

  it('a waiting request from a site rejected meanwhile is refused when its turn comes, without a window', async () => {
    w.tabs.tabs.set(2, `${ORIGIN}/second-tab`);
    const first = await ask();
    const second = await ask(2);
    await w.flush();
    expect(w.tabs.windows.size).toBe(1);
    await w.runner.answerConsent((first as { flowId: string }).flowId, false, false);
    await w.flush();
    expect(w.tabs.windows.size).toBe(0);
    const toSecond = w.tabs.deliveries.filter((d) => d.tabId === 2).map((d) => d.delivery);
    expect(toSecond).toEqual([expect.objectContaining({ flowId: (second as { flowId: string }).flowId, outcome: { ok: false, error: { code: 4001, message: COOLING_DOWN_MESSAGE } } })]);
  });
});

describe('proof flow: who may ask', () => {
  it('one pending request per tab: 4290, and no second window', async () => {
    await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    await w.flush();
    expect(await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS)).toEqual({
      error: { code: 4290, message: 'A proof request from this tab is already pending.' },
    });
    await w.flush();
    expect(w.tabs.windows.size).toBe(1);
    // Another tab may ask at the same time.
    w.tabs.tabs.set(2, `${ORIGIN}/other`);
    expect(await w.runner.request({ tabId: 2, origin: ORIGIN }, PARAMS)).toEqual({ flowId: 'flow-2' });
  });

  it('the same tab on another site replaces the stale flow', async () => {
    await approvedFlow();
    w.tabs.tabs.set(DAPP_TAB, 'https://next.example/');
    expect(await w.runner.request({ tabId: DAPP_TAB, origin: 'https://next.example' }, PARAMS)).toEqual({ flowId: 'flow-2' });
    await w.flush();
    expect((await store.all()).map((f) => f.origin)).toEqual(['https://next.example']);
  });

  it('4100 when the extension has no key, before any window opens', async () => {
    w.hasKey = false;
    expect(await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS)).toMatchObject({ error: { code: 4100 } });
    await w.flush();
    expect(w.tabs.windows.size).toBe(0);
  });

  it('4100 for plain-http sites other than loopback', async () => {
    expect(await w.runner.request({ tabId: DAPP_TAB, origin: 'http://dapp.example' }, PARAMS)).toMatchObject({ error: { code: 4100 } });
    w.tabs.tabs.set(3, 'http://127.0.0.1:5173/');
    expect(await w.runner.request({ tabId: 3, origin: 'http://127.0.0.1:5173' }, PARAMS)).toEqual({ flowId: 'flow-1' });
  });
});

describe('proof flow: from the popup', () => {
  it('uses the default model and minimum and a stable per-site pseudonym, skips consent, and delivers as source "popup"', async () => {
    w.svc.finished = true;
    const ack = await w.runner.startForTab();
    expect(ack).toEqual({ flowId: 'flow-1' });
    await w.flush();
    expect(w.tabs.windows.size).toBe(0);
    const flow = (await store.all())[0]!;
    expect(flow.request).toMatchObject({ scoreId: 'credit-v1', condition: 580 });
    expect(flow.request.web2Id).toMatch(/^vp-[0-9a-f-]{36}$/);
    await advance(1000);
    expect(lastDelivery()).toMatchObject({ source: 'popup', outcome: { ok: true } });

    await w.runner.startForTab();
    expect((await store.all())[0]!.request.web2Id).toBe(flow.request.web2Id);
    w.tabs.tabs.set(7, 'https://other.example/');
    await w.runner.startForTab(7);
    const other = (await store.all()).find((f) => f.tabId === 7)!;
    expect(other.request.web2Id).not.toBe(flow.request.web2Id);
  });

  it('refuses tabs that show no web site', async () => {
    w.tabs.tabs.set(5, 'chrome://settings/');
    expect(await w.runner.startForTab(5)).toMatchObject({ error: { code: 4100 } });
  });

  it('a failed popup flow is reported, not delivered', async () => {
    w.svc.createError = { kind: 'client-error', status: 400, message: 'condition out of range' };
    await w.runner.startForTab();
    await w.flush();
    expect(w.tabs.deliveries).toEqual([]);
    expect((await w.runner.list()).reports[0]).toMatchObject({ result: 'failed', code: 5000, source: 'popup' });
  });
});
