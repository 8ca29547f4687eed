import { toErrorInfo } from '@/lib/api/errors.ts';
import { parseProofJson, type CreateUrlResult, type ProofDataResult } from '@/lib/api/responses.ts';
import type { SiteLists } from '@/lib/settings/site-lists.ts';
import { boundWeb2Id, ProofErrorCode, SERVICE_WEB2ID_MAX, type FlowSource, type ProofRequestParams } from './contract.ts';
import { PAGE_MESSAGES } from './page-messages.ts';
import { afterRejection, BLOCKED_MESSAGE, COOLING_DOWN_MESSAGE, isCoolingDown } from './cooldown.ts';
import { NOT_SET_UP, nextConsentTurn, nextWakeAt, startFlow, step, type Flow, type FlowConfig, type FlowEvent, type FlowReport, type Step, type Effect } from './flow.ts';
import type { FlowStore, Opened } from './flow-store.ts';
import type { Claimant, DeliveryFailure, DocumentTarget } from './handoff.ts';
import type { ProofRecord } from './history.ts';
import { inTurn } from '@/lib/async/in-turn.ts';
import { mayRequestProofs } from './origins.ts';
import type { Delivery, ProgressNote, RequestAck } from './relay.ts';

/**
 * Runs proof flows in the worker: keeps each flow in storage, performs the
 * machine's effects through injected ports, and feeds their results back.
 * Each requesting tab (one flow per tab) has its own queue, so a flow's
 * events never interleave while one tab's traffic never waits on another's.
 * What flows share goes through two short global queues: the stored records'
 * read-modify-writes, and the choice of whose consent window shows.
 */

/** The three service calls a flow makes (the worker's client holds the key). */
export interface ProofApi {
  createSession(request: ProofRequestParams, signal: AbortSignal): Promise<CreateUrlResult>;
  poll(sessionId: string, signal: AbortSignal): Promise<ProofDataResult>;
  verify(proof: Readonly<Record<string, unknown>>, signal: AbortSignal): Promise<boolean>;
}

/** Tabs and windows, behind an interface the tests fake (fakeBrowser lacks tabs.sendMessage). */
export interface ProofBrowser {
  /** Opens the consent window for a flow; resolves its window id. */
  openConsent(flowId: string): Promise<number>;
  closeWindow(windowId: number): Promise<void>;
  /** Opens the proof page in a new tab next to `besideTabId`; resolves the tab id; rejects with ProofPageRefused for an ungranted host. */
  openProofTab(url: string, besideTabId: number): Promise<number>;
  closeTab(tabId: number): Promise<void>;
  /** A tab showing `url` (where the extension may see it: the service's own pages), or null. */
  findTab(url: string): Promise<number | null>;
  /** Whether a tab with this id exists (no permission needed, no URL read). */
  tabExists(tabId: number): Promise<boolean>;
  focusTab(tabId: number): Promise<void>;
  /** Hands a delivery to the requesting document, or a same-origin successor in its tab (lib/proof/handoff.ts). */
  deliver(target: DocumentTarget, delivery: Delivery): Promise<'delivered' | DeliveryFailure>;
  /** Tells the requesting document where its flow stands, the same way; a document that does not answer misses it. */
  notify(target: DocumentTarget, note: ProgressNote): Promise<void>;
  /** The tab the user is looking at in the last focused browser window (for the popup's "prove to this site"). */
  activeTab(): Promise<number | null>;
  /** Who the tab's top frame is, as the browser reports it; null when no relay answers there. */
  identify(tabId: number): Promise<Claimant | null>;
  /** Closes a window a previous version opened, if it still shows Vantage's consent page. */
  closeOldConsent(windowId: number): Promise<void>;
  /** Closes a tab a previous version opened, if it still shows a page on one of `origins` (the service's). */
  closeOldProofTab(tabId: number, origins: readonly string[]): Promise<void>;
}

/** The windows and tabs the flows have open. */
export function openedBy(flows: readonly Flow[]): Opened {
  return { windows: flows.flatMap((f) => f.consentWindowId ?? []), tabs: flows.flatMap((f) => f.proofTabId ?? []) };
}

const originOf = (url: string): string[] => {
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/** The runner's view of the user's site lists. */
export function siteDecisions(lists: SiteLists): RunnerDeps['sites'] {
  return {
    isAllowed: (o) => lists.isListed('allowed', o),
    isBlocked: (o) => lists.isListed('blocked', o),
    allow: (o) => lists.list('allowed', o),
    block: (o) => lists.list('blocked', o),
  };
}

export interface ProofSettings extends FlowConfig {
  readonly scoreId: string;
  readonly minScore: number;
}

export interface RunnerDeps {
  readonly store: FlowStore;
  readonly api: ProofApi;
  readonly browser: ProofBrowser;
  /** The user's per-site lists (lib/settings/site-lists.ts). */
  readonly sites: {
    isAllowed(origin: string): Promise<boolean>;
    isBlocked(origin: string): Promise<boolean>;
    allow(origin: string): Promise<void>;
    block(origin: string): Promise<void>;
  };
  readonly settings: () => Promise<ProofSettings>;
  readonly hasKey: () => Promise<boolean>;
  /** The web2Id the popup uses for a site (a per-site pseudonym). */
  readonly pseudonym: (origin: string) => Promise<string>;
  /** The user's history of proofs handed over (lib/proof/history-store.ts). */
  readonly history: { add(records: readonly ProofRecord[], now: number): Promise<void> };
  /** Keeps a worker-independent wake-up (alarm) while any flow exists. */
  readonly watchdog: { arm(): Promise<void>; disarm(): Promise<void> };
  /**
   * Hears tabs finish loading (onTabLoaded) only while a proof page is open: a listener left on would
   * wake the worker at every page load in every tab.
   */
  readonly tabLoads?: { listen(on: boolean): void };
  readonly now: () => number;
  readonly newId: () => string;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
  /** Sees every effect failure that is otherwise ignored (closing a closed tab…). */
  readonly onError?: (e: unknown) => void;
}

export interface ConsentDetails {
  readonly flowId: string;
  readonly origin: string;
  readonly scoreId: string;
  readonly condition: number;
  readonly web2Id: string;
  readonly deadline: number;
}

export interface FlowSummary {
  readonly flowId: string;
  readonly tabId: number;
  readonly origin: string;
  readonly source: FlowSource;
  readonly phase: Flow['phase'];
  readonly scoreId: string;
  readonly condition: number;
  readonly startedAt: number;
  readonly deadline: number;
  readonly lastError?: string;
}

const error = (code: ProofErrorCode, message: string): RequestAck => ({ error: { code, message } });

/** How long the next message to a page waits for a progress note's knock to be answered. */
const NOTE_WAIT_MS = 2000;

/** What openProofTab throws for a page on a host the user has not granted (the flow then fails with 4100). */
export class ProofPageRefused extends Error {
  override readonly name = 'ProofPageRefused';
}

export class ProofRunner {
  /** Per requesting tab, the tail of its queue (deleted once it runs dry). */
  private readonly lanes = new Map<number, Promise<unknown>>();
  /** Read-modify-writes of records every flow shares (flows, cooldowns, reports, site lists): never overlapping. */
  private readonly writes = inTurn();
  /** One at a time: whose consent window shows next, and the timer and alarm. */
  private readonly shared = inTurn();
  private timer: unknown;
  private armed: boolean | undefined;
  /** What store.opened last said (JSON), so it is written only on a change. */
  private opened: string | undefined;
  private readonly aborts = new Map<string, AbortController>();
  /** Per flow, the last message to its page: progress notes and the delivery reach it in order. */
  private readonly toPage = new Map<string, Promise<unknown>>();
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly deps: RunnerDeps) {
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  // ---- entry points ----

  /** A request from a page (origin, tab and document from the browser) or from the popup. */
  request(caller: DocumentTarget, params: ProofRequestParams, source: FlowSource = 'page'): Promise<RequestAck> {
    return this.inLane(caller.tabId, async () => {
      if (!mayRequestProofs(caller.origin)) {
        return error(ProofErrorCode.Unauthorized, PAGE_MESSAGES.insecureSite);
      }
      if (!(await this.deps.hasKey())) return error(ProofErrorCode.Unauthorized, NOT_SET_UP);
      const { store } = this.deps;
      const existing = await store.get(caller.tabId);
      if (existing) {
        if (existing.origin === caller.origin) return error(ProofErrorCode.AlreadyPending, PAGE_MESSAGES.alreadyPending);
        // The tab moved to another site; the old flow has nobody to hand its proof to.
        await this.commit(existing, step(existing, { type: 'superseded' }, this.deps.now()));
      }
      const fromPage = source === 'page';
      if (fromPage && (await this.deps.sites.isBlocked(caller.origin))) return error(ProofErrorCode.UserRejected, BLOCKED_MESSAGE);
      const skipConsent = !fromPage || (await this.deps.sites.isAllowed(caller.origin));
      if (!skipConsent && isCoolingDown(await store.cooldown(caller.origin), this.deps.now())) {
        return error(ProofErrorCode.UserRejected, COOLING_DOWN_MESSAGE);
      }
      // Bound to the origin the browser reported, never one the page names (docs/page-api.md).
      const web2Id = params.bindOrigin ? boundWeb2Id(caller.origin, params.web2Id) : params.web2Id;
      if (web2Id.length > SERVICE_WEB2ID_MAX) {
        return error(ProofErrorCode.InvalidParams, `web2Id bound to this origin must be at most ${SERVICE_WEB2ID_MAX} characters in all.`);
      }
      const settings = await this.deps.settings();
      const { proofPageTemplate, integrationBaseUrl, verify, timeoutMs } = settings;
      const id = this.deps.newId();
      const s = startFlow(
        {
          id, tabId: caller.tabId, origin: caller.origin, ...(caller.documentId ? { documentId: caller.documentId } : {}),
          source, request: { scoreId: params.scoreId, condition: params.condition, web2Id },
          ...(params.bindOrigin ? { boundOrigin: caller.origin } : {}),
          config: { proofPageTemplate, integrationBaseUrl, verify, timeoutMs }, skipConsent,
        },
        this.deps.now(),
      );
      await this.commit(null, s);
      return { flowId: id };
    });
  }

  /**
   * "Prove my score to this site": the given (default: active) tab, the default model and
   * minimum, and the site's pseudonym. The origin is the one the browser reports for the
   * tab's page when its relay answers (no tab URL is read: see lib/proof/handoff.ts).
   */
  async startForTab(tabId?: number): Promise<RequestAck> {
    const id = tabId ?? (await this.deps.browser.activeTab());
    const who = id === null ? null : await this.deps.browser.identify(id);
    if (id === null || !who) {
      return error(ProofErrorCode.Unauthorized, PAGE_MESSAGES.unreachableTab);
    }
    const { scoreId, minScore } = await this.deps.settings();
    const web2Id = await this.deps.pseudonym(who.origin);
    return this.request({ tabId: id, ...who }, { scoreId, condition: minScore, web2Id }, 'popup');
  }

  async consentDetails(flowId: string): Promise<ConsentDetails | null> {
    const flow = await this.find(flowId);
    if (!flow || flow.phase !== 'consent' || !flow.consentShown) return null;
    const { origin, request, deadline } = flow;
    return { flowId, origin, scoreId: request.scoreId, condition: request.condition, web2Id: request.web2Id, deadline };
  }

  async answerConsent(flowId: string, approve: boolean, always: boolean, block = false): Promise<void> {
    await this.dispatchById(flowId, { type: 'consentAnswered', approve, always, block });
  }

  /** The requesting page's relay says the page stopped waiting: its own page flow ends, without an answer. */
  abandon(caller: DocumentTarget, flowId: string): Promise<void> {
    return this.inLane(caller.tabId, async () => {
      const f = await this.deps.store.get(caller.tabId);
      if (f?.id === flowId && f.source === 'page' && f.origin === caller.origin) await this.commit(f, step(f, { type: 'pageGaveUp' }, this.deps.now()));
    });
  }

  async cancel(flowId: string): Promise<void> {
    await this.dispatchById(flowId, { type: 'cancel' });
  }

  async list(): Promise<{ flows: FlowSummary[]; reports: readonly FlowReport[] }> {
    const [flows, reports] = await Promise.all([this.deps.store.all(), this.deps.store.reports()]);
    return {
      flows: flows.map((f) => ({
        flowId: f.id, tabId: f.tabId, origin: f.origin, source: f.source, phase: f.phase,
        scoreId: f.request.scoreId, condition: f.request.condition, startedAt: f.startedAt, deadline: f.deadline,
        ...(f.lastError ? { lastError: f.lastError } : {}),
      })),
      reports,
    };
  }

  /**
   * The user forgot proofs from the history (`all`: every one): the popup's recent outcomes stop naming those
   * hand-overs too. Through the records' queue, like every report written.
   */
  forgetDelivered(flowIds: readonly string[] | 'all'): Promise<void> {
    return this.writes(() => this.deps.store.dropReports((r) => r.result === 'delivered' && (flowIds === 'all' || flowIds.includes(r.flowId))));
  }

  onTabRemoved(tabId: number): Promise<void> {
    return this.forEach((f) => f.tabId === tabId || f.proofTabId === tabId, { type: 'tabClosed', tabId });
  }

  /** A tab finished loading a page: if it is a proof page, its flow looks for the proof at once. */
  onTabLoaded(tabId: number): Promise<void> {
    return this.forEach((f) => f.proofTabId === tabId, { type: 'tabLoaded', tabId });
  }

  onWindowRemoved(windowId: number): Promise<void> {
    return this.forEach((f) => f.consentWindowId === windowId, { type: 'consentClosed' });
  }

  /**
   * Once per worker start: whatever the last worker had in flight died with it. After an update or
   * reload (storage.session emptied) the flows are gone too, and what the old version opened for them
   * is closed: their pages already got 4900 from their relay (lib/proof/relay.ts).
   */
  async resume(): Promise<void> {
    await this.shared(() => this.closeLeftovers());
    await this.forEach(() => true, { type: 'resume' });
  }

  /** Timer and alarm: make due calls, enforce deadlines. */
  tick(): Promise<void> {
    return this.forEach(() => true, { type: 'tick' });
  }

  /** Resolves when every queued change and its rescheduling is done (tests, bench). */
  async idle(): Promise<void> {
    do {
      await Promise.all([...this.lanes.values()]);
      await this.afterChange();
    } while (this.lanes.size > 0);
  }

  // ---- internals ----

  /** Runs `fn` in the tab's queue; resolves once the change it made has been followed up (afterChange). */
  private inLane<T>(tabId: number, fn: () => Promise<T>): Promise<T> {
    const run = this.laneOnly(tabId, fn);
    return run.then(
      async (r) => {
        await this.afterChange();
        return r;
      },
      async (e: unknown) => {
        await this.afterChange();
        throw e;
      },
    );
  }

  /** The tab's queue alone. Nothing run in a lane waits for `shared`, so `shared` may wait for a lane. */
  private laneOnly<T>(tabId: number, fn: () => Promise<T>): Promise<T> {
    const run = (this.lanes.get(tabId) ?? Promise.resolve()).then(fn);
    const tail = run.catch(() => undefined);
    this.lanes.set(tabId, tail);
    void tail.then(() => {
      if (this.lanes.get(tabId) === tail) this.lanes.delete(tabId);
    });
    return run;
  }

  /** After any change: the next consent window if none shows, then the timer and the alarm. */
  private afterChange(): Promise<void> {
    return this.shared(async () => {
      await this.nextConsent().catch((e) => this.deps.onError?.(e));
      await this.reschedule().catch((e) => this.deps.onError?.(e));
    });
  }

  /**
   * One consent window at a time: when none is showing, the oldest waiting flow
   * gets its turn, unless its site was blocked or is cooling down meanwhile.
   */
  private async nextConsent(): Promise<void> {
    const { store, sites, now } = this.deps;
    for (let next = nextConsentTurn(await store.all()); next; next = nextConsentTurn(await store.all())) {
      const refusal = (await sites.isBlocked(next.origin))
        ? BLOCKED_MESSAGE
        : isCoolingDown(await store.cooldown(next.origin), now()) ? COOLING_DOWN_MESSAGE : null;
      const turn = next;
      // The turn is taken in that flow's own queue, from its state there (its tab may have moved on meanwhile).
      const given = await this.laneOnly(turn.tabId, async () => {
        const f = await store.get(turn.tabId);
        if (f?.id !== turn.id || nextConsentTurn(await store.all())?.id !== turn.id) return false;
        await this.commit(f, step(f, refusal ? { type: 'refused', message: refusal } : { type: 'consentTurn' }, now()));
        return !refusal;
      });
      if (given) return;
    }
  }

  private async find(flowId: string): Promise<Flow | undefined> {
    return (await this.deps.store.all()).find((f) => f.id === flowId);
  }

  private async forEach(match: (f: Flow) => boolean, event: FlowEvent): Promise<void> {
    const flows = (await this.deps.store.all()).filter(match);
    await Promise.all(flows.map((f) => this.toFlow(f.tabId, f.id, event)));
    if (flows.length === 0) await this.afterChange();
  }

  private async dispatchById(flowId: string, event: FlowEvent): Promise<void> {
    const f = await this.find(flowId);
    if (f) await this.toFlow(f.tabId, flowId, event);
  }

  /** One event for one flow, in its tab's queue, applied to its state there (ignored once that flow is gone). */
  private toFlow(tabId: number, flowId: string, event: FlowEvent): Promise<void> {
    return this.inLane(tabId, async () => {
      const f = await this.deps.store.get(tabId);
      if (f?.id === flowId) await this.commit(f, step(f, event, this.deps.now()));
    });
  }

  /** An effect's answer, for the flow that asked (ignored once that flow is gone). */
  private answer(tabId: number, flowId: string, event: FlowEvent): void {
    void this.inLane(tabId, async () => {
      const f = await this.deps.store.get(tabId);
      if (f?.id === flowId) {
        await this.commit(f, step(f, event, this.deps.now()));
        return;
      }
      // Opened for a flow that ended meanwhile: close it again.
      if (event.type === 'consentOpened') await this.quietly(this.deps.browser.closeWindow(event.windowId));
      if (event.type === 'proofTabOpened') await this.quietly(this.deps.browser.closeTab(event.tabId));
    });
  }

  /** Stores the new state, then starts the effects (their answers queue up as events). */
  private async commit(before: Flow | null, s: Step): Promise<void> {
    const { store } = this.deps;
    const flow = s.flow ?? before;
    if (!flow) return;
    if (s.flow) await this.writes(() => store.put(s.flow!));
    else {
      await this.writes(() => store.remove(flow.tabId));
      this.aborts.get(flow.id)?.abort();
      this.aborts.delete(flow.id);
    }
    // Storage effects finish before the next event is handled, so their read-modify-writes never interleave.
    for (const e of s.effects) await this.perform(flow, e);
  }

  private signalFor(flowId: string): AbortSignal {
    let c = this.aborts.get(flowId);
    if (!c || c.signal.aborted) this.aborts.set(flowId, (c = new AbortController()));
    return c.signal;
  }

  private quietly(p: Promise<unknown>): Promise<void> {
    return p.then(
      () => undefined,
      (e) => this.deps.onError?.(e),
    );
  }

  /** Queues a message to a flow's page behind the previous one (a knock answers once the page has it). */
  private inOrder(flowId: string, send: () => Promise<unknown>): void {
    const sent = (this.toPage.get(flowId) ?? Promise.resolve()).then(send).catch((e: unknown) => this.deps.onError?.(e));
    this.toPage.set(flowId, sent);
    void sent.then(() => {
      if (this.toPage.get(flowId) === sent) this.toPage.delete(flowId);
    });
  }

  /** Starts an effect; resolves at once, except for storage writes, which complete first. */
  private async perform(flow: Flow, e: Effect): Promise<void> {
    const { api, browser } = this.deps;
    const { tabId, id } = flow;
    const reply = (event: FlowEvent) => this.answer(tabId, id, event);
    const failed = (err: unknown) => reply({ type: 'callFailed', error: toErrorInfo(err) });
    switch (e.type) {
      case 'openConsent':
        // A window that cannot open cannot be approved.
        browser.openConsent(e.flowId).then(
          (windowId) => reply({ type: 'consentOpened', windowId }),
          () => reply({ type: 'refused', message: PAGE_MESSAGES.consentNotOpened }),
        );
        return;
      case 'createSession':
        api.createSession(e.request, this.signalFor(id)).then(
          (r) => reply({ type: 'sessionCreated', sessionId: r.sessionId, ...(r.url ? { url: r.url } : {}) }),
          failed,
        );
        return;
      case 'poll':
        api.poll(e.sessionId, this.signalFor(id)).then((r) => reply({ type: 'polled', status: r.status, ...(r.proof ? { proof: r.proof } : {}) }), failed);
        return;
      case 'verify':
        // The proof text was checked when it arrived (flow.ts, 'polled'), so it parses.
        api.verify(parseProofJson(e.proofText).raw, this.signalFor(id)).then((valid) => reply({ type: 'verified', valid }), failed);
        return;
      case 'deliver':
        this.inOrder(id, () => browser.deliver(e.target, e.delivery).then(
          (r) => reply(r === 'delivered' ? { type: 'delivered' } : { type: 'deliveryFailed', reason: r }),
          () => reply({ type: 'deliveryFailed', reason: 'no-receiver' }),
        ));
        return;
      case 'progress':
        // A note that goes unanswered never holds back what follows it, the proof least of all.
        this.inOrder(id, () => new Promise<void>((resolve) => {
          const timer = this.setTimer(resolve, NOTE_WAIT_MS);
          void browser.notify(e.target, e.note).catch((err: unknown) => this.deps.onError?.(err)).finally(() => {
            this.clearTimer(timer);
            resolve();
          });
        }));
        return;
      case 'openProofTab':
        browser.openProofTab(e.url, e.besideTabId).then(
          (t) => reply({ type: 'proofTabOpened', tabId: t }),
          (err: unknown) => (err instanceof ProofPageRefused ? reply({ type: 'proofPageRefused', message: err.message }) : this.deps.onError?.(err)),
        );
        return;
      case 'closeWindow':
        void this.quietly(browser.closeWindow(e.windowId));
        return;
      case 'closeTab':
        void this.quietly(browser.closeTab(e.tabId));
        return;
      case 'focusTab':
        void this.quietly(browser.focusTab(e.tabId));
        return;
      case 'adoptProofTab':
        browser.findTab(e.url).then((t) => t !== null && reply({ type: 'proofTabOpened', tabId: t }), (err) => this.deps.onError?.(err));
        return;
      case 'checkProofTab':
        browser.tabExists(e.tabId).then((exists) => !exists && reply({ type: 'tabClosed', tabId: e.tabId }), (err) => this.deps.onError?.(err));
        return;
      case 'allowSite':
        await this.quietly(this.writes(() => this.deps.sites.allow(e.origin)));
        return;
      case 'blockSite':
        await this.quietly(this.writes(() => this.deps.sites.block(e.origin)));
        return;
      case 'rejected': {
        const { store } = this.deps;
        await this.quietly(this.writes(() => store.cooldown(e.origin).then((c) => store.setCooldown(e.origin, afterRejection(c, this.deps.now())))));
        return;
      }
      case 'report':
        await this.quietly(this.writes(() => this.deps.store.addReport(e.report)));
        return;
      case 'remember':
        await this.quietly(this.deps.history.add([e.record], this.deps.now()));
        return;
    }
  }

  private async closeLeftovers(): Promise<void> {
    const { store, browser } = this.deps;
    const [left, flows] = await Promise.all([store.opened(), store.all()]);
    const live = openedBy(flows);
    const windows = left.windows.filter((id) => !live.windows.includes(id));
    const tabs = left.tabs.filter((id) => !live.tabs.includes(id));
    if (windows.length === 0 && tabs.length === 0) return;
    const { proofPageTemplate, integrationBaseUrl } = await this.deps.settings();
    const origins = [...originOf(proofPageTemplate), ...originOf(integrationBaseUrl)];
    // Started, not awaited: a close the browser is slow to answer, or never answers, must hold up no new request,
    // which waits for this lane. Ids are not reused within a browser session, so nothing new is closed.
    for (const id of windows) void this.quietly(browser.closeOldConsent(id));
    for (const id of tabs) void this.quietly(browser.closeOldProofTab(id, origins));
  }

  /** Keeps store.opened in step with the flows (written only when it changes). */
  private async recordOpened(flows: readonly Flow[]): Promise<void> {
    const now = openedBy(flows);
    const key = JSON.stringify(now);
    if (key === this.opened) return;
    await this.writes(() => this.deps.store.setOpened(now));
    this.opened = key;
  }

  /** One in-memory timer for the earliest due flow; the alarm covers a worker that died. */
  private async reschedule(): Promise<void> {
    const flows = await this.deps.store.all();
    await this.recordOpened(flows);
    this.deps.tabLoads?.listen(flows.some((f) => f.proofTabId !== undefined));
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = undefined;
    const want = flows.length > 0;
    if (this.armed !== want) {
      this.armed = want;
      await (want ? this.deps.watchdog.arm() : this.deps.watchdog.disarm());
    }
    if (!want) return;
    const wake = Math.min(...flows.map(nextWakeAt));
    if (!Number.isFinite(wake)) return;
    this.timer = this.setTimer(() => {
      this.timer = undefined;
      void this.tick();
    }, Math.max(0, wake - this.deps.now()));
  }
}
