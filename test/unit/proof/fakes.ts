import { afterEach, beforeEach, expect, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError, type ApiErrorInfo } from '@/lib/api/errors.ts';
import type { CreateUrlResult, ProofDataResult } from '@/lib/api/responses.ts';
import type { ProofRequestParams } from '@/lib/proof/contract.ts';
import { sessionFlowStore, type FlowStore } from '@/lib/proof/flow-store.ts';
import { sitePseudonyms } from '@/lib/proof/pseudonym.ts';
import { historyStore } from '@/lib/proof/history-store.ts';
import { Handoff, type DeliveryFailure, type DocumentTarget } from '@/lib/proof/handoff.ts';
import type { Delivery, ProgressNote } from '@/lib/proof/relay.ts';
import type { Caller } from '@/lib/messaging/sender.ts';
import { ProofPageRefused, ProofRunner, siteDecisions, type ProofApi, type ProofBrowser, type ProofSettings } from '@/lib/proof/runner.ts';
import { siteLists } from '@/lib/settings/site-lists.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';

export const ORIGIN = 'https://dapp.example';
export const DAPP_TAB = 1;
export const PARAMS: ProofRequestParams = { scoreId: 'credit-v1', condition: 600, web2Id: 'user-42' };
export const PROOF_OBJECT = {
  proof: {
    pi_a: ['11', '12', '1'], pi_b: [['21', '22'], ['23', '24'], ['1', '0']], pi_c: ['31', '32', '1'],
    protocol: 'groth16', curve: 'bn128',
  },
  publicSignals: ['712', '5555', '600'],
};
export const PROOF_TEXT = JSON.stringify(PROOF_OBJECT);

export const SETTINGS: ProofSettings = {
  scoreId: 'credit-v1',
  minScore: 580,
  proofPageTemplate: 'https://svc.example/proof/{sessionId}',
  integrationBaseUrl: 'https://api.svc.example/v1',
  verify: true,
  timeoutMs: 10 * 60_000,
};

type PollAnswer = ProofDataResult | ApiErrorInfo;

/** The service: createUrl, getProofData (scripted or by `finished`), verify. Every call is logged with its time. */
export class FakeService implements ProofApi {
  readonly calls: { op: string; at: number }[] = [];
  created: CreateUrlResult = { sessionId: 'sess-1' };
  createError?: ApiErrorInfo;
  /** Answers for the next polls, in order; afterwards `finished` decides. */
  readonly script: PollAnswer[] = [];
  finished = false;
  valid = true;
  /** Polls that never answer (the worker dies while the fetch is out). */
  hang = false;

  count(op: string): number {
    return this.calls.filter((c) => c.op === op).length;
  }

  /** What createUrl was last asked. */
  asked?: ProofRequestParams;

  async createSession(r: ProofRequestParams): Promise<CreateUrlResult> {
    this.calls.push({ op: 'createUrl', at: Date.now() });
    this.asked = r;
    if (this.createError) throw new ApiError(this.createError);
    return this.created;
  }

  poll(_sessionId: string): Promise<ProofDataResult> {
    this.calls.push({ op: 'getProofData', at: Date.now() });
    if (this.hang) return new Promise(() => undefined);
    const next = this.script.shift();
    if (next && 'kind' in next) return Promise.reject(new ApiError(next));
    if (next) return Promise.resolve(next);
    return Promise.resolve(this.finished ? { status: 'FINISHED', proof: PROOF_TEXT } : { status: 'PROCESSING' });
  }

  async verify(proof: Readonly<Record<string, unknown>>): Promise<boolean> {
    this.calls.push({ op: 'verify', at: Date.now() });
    expect(proof).toEqual(PROOF_OBJECT);
    return this.valid;
  }
}

/** What each tab shows; every `set` is a navigation, so the tab gets a new document. */
class TabMap extends Map<number, string> {
  private readonly docs = new Map<number, number>();
  private navigations = 0;
  override set(tabId: number, url: string): this {
    this.docs.set(tabId, ++this.navigations);
    return super.set(tabId, url);
  }
  documentId(tabId: number): string | undefined {
    const n = this.docs.get(tabId);
    return n === undefined ? undefined : `doc-${n}`;
  }
}

/**
 * Tabs and windows as the browser shows them to an extension without the `tabs` permission or
 * host access: the runner never sees a tab's URL. Deliveries and "who is this tab" go through the
 * real Handoff; this fake plays the browser and the relay in each tab's current document: a relay
 * runs on http(s) pages only, unless the tab is `silent` (still loading); it checks its own origin
 * and claims with the caller the browser would report.
 */
export class FakeTabs implements ProofBrowser {
  readonly tabs = new TabMap().set(DAPP_TAB, `${ORIGIN}/app`);
  readonly windows = new Set<number>();
  readonly deliveries: { tabId: number; delivery: Delivery }[] = [];
  /** Progress notes the dApp tab's relay claimed, in order. */
  readonly progress: ProgressNote[] = [];
  readonly silent = new Set<number>();
  readonly closedTabs: number[] = [];
  readonly closedWindows: number[] = [];
  /** Every knock, with the document it was addressed to (if any). */
  readonly knocks: { tabId: number; documentId?: string }[] = [];
  readonly progressKnocks: { tabId: number; documentId?: string }[] = [];
  focused?: number;
  active = DAPP_TAB;
  private next = 100;
  private tickets = 0;

  /** Deliveries and "who is this tab" knock here; progress notes through `progressHandoff`, logged apart. */
  readonly handoff = this.handoffLogging(this.knocks);
  readonly progressHandoff = this.handoffLogging(this.progressKnocks);

  private handoffLogging(log: { tabId: number; documentId?: string }[]): Handoff {
    const handoff: Handoff = new Handoff({
      send: async (to, knock) => {
        log.push(to);
        const url = this.tabs.get(to.tabId);
        const documentId = this.tabs.documentId(to.tabId);
        if (url === undefined || this.silent.has(to.tabId) || !/^https?:/.test(url)) throw new Error('Could not establish connection. Receiving end does not exist.');
        if (to.documentId !== undefined && to.documentId !== documentId) throw new Error(`No document with id ${to.documentId}.`);
        const origin = new URL(url).origin;
        if (knock.origin !== undefined && knock.origin !== origin) return 'wrong-origin';
        const caller: Caller = { kind: 'content-script', tabId: to.tabId, frameId: 0, origin, ...(documentId ? { documentId } : {}) };
        const claim = handoff.claim(knock.ticket, caller);
        if (!claim.accepted) return 'declined';
        if (claim.delivery) this.deliveries.push({ tabId: to.tabId, delivery: claim.delivery });
        if (claim.progress) this.progress.push(claim.progress);
        return 'taken';
      },
      tabExists: async (tabId) => this.tabs.has(tabId),
      newTicket: () => `ticket-${++this.tickets}`,
    });
    return handoff;
  }

  async openConsent(_flowId: string): Promise<number> {
    const id = this.next++;
    this.windows.add(id);
    return id;
  }
  async closeWindow(id: number): Promise<void> {
    if (!this.windows.delete(id)) throw new Error(`No window ${id}`);
    this.closedWindows.push(id);
  }
  /** Holds tabs.create's answer (the tab exists meanwhile) until it settles; one that never settles is a worker
   * that died the moment the proof tab existed: the tab opens, its id never comes back. */
  proofTabAnswer: Promise<unknown> | undefined;
  /** Hosts of proof pages the user granted (the fake service's, unless a test says otherwise). */
  grantedPages = /^https:\/\/svc\.example\//;
  async openProofTab(url: string, _beside: number): Promise<number> {
    if (!this.grantedPages.test(url)) throw new ProofPageRefused(`Vantage has no access to ${new URL(url).origin}/*.`);
    const id = this.next++;
    this.tabs.set(id, url);
    await this.proofTabAnswer;
    return id;
  }
  async closeTab(id: number): Promise<void> {
    if (!this.tabs.delete(id)) throw new Error(`No tab ${id}`);
    this.closedTabs.push(id);
  }
  /** Like tabs.query({ url }): the fake's extension has host access to the service's pages only. */
  async findTab(url: string): Promise<number | null> {
    if (!url.startsWith('https://svc.example/')) return null;
    return [...this.tabs].find(([, u]) => u === url)?.[0] ?? null;
  }
  async tabExists(id: number): Promise<boolean> {
    return this.tabs.has(id);
  }
  async focusTab(id: number): Promise<void> {
    this.focused = id;
  }
  deliver(target: DocumentTarget, delivery: Delivery): Promise<'delivered' | DeliveryFailure> {
    return this.handoff.deliver(target, delivery);
  }
  notify(target: DocumentTarget, note: ProgressNote): Promise<void> {
    return this.progressHandoff.notify(target, note);
  }
  async activeTab(): Promise<number | null> {
    return this.tabs.has(this.active) ? this.active : null;
  }
  identify(tabId: number) {
    return this.handoff.identify(tabId);
  }
  async closeOldConsent(id: number): Promise<void> {
    if (this.windows.has(id)) await this.closeWindow(id);
  }
  async closeOldProofTab(id: number, origins: readonly string[]): Promise<void> {
    const url = this.tabs.get(id);
    if (url && origins.some((o) => url.startsWith(`${o}/`))) await this.closeTab(id);
  }
  /** The proof tab (any tab but the dApp's that shows the proof page). */
  proofTab(): number | undefined {
    return [...this.tabs].find(([, url]) => url.includes('/proof/'))?.[0];
  }
}

/**
 * One worker lifetime. `kill()` makes it as dead as Chrome leaves a stopped
 * worker: its timers never fire and its outstanding calls never answer.
 */
export class WorkerLife {
  alive = true;
  kill() {
    this.alive = false;
  }
  guard<A extends unknown[], T>(fn: (...a: A) => Promise<T>): (...a: A) => Promise<T> {
    return (...a) => {
      const p = fn(...a);
      return new Promise<T>((resolve, reject) => {
        p.then((v) => this.alive && resolve(v), (e: unknown) => this.alive && reject(e));
      });
    };
  }
}

export interface World {
  readonly svc: FakeService;
  readonly tabs: FakeTabs;
  readonly watchdog: { armed: boolean };
  /** Whether the runner has the tab-load listener on (ProofRunner's `tabLoads`). */
  readonly tabLoads: { on: boolean };
  settings: ProofSettings;
  hasKey: boolean;
  runner: ProofRunner;
  life: WorkerLife;
  /** Stops the current "worker" and starts a fresh one on the same storage, which resumes. */
  restart(): Promise<void>;
  /** Lets every queued hop (effects, answers, storage) run; time does not move. */
  flush(): Promise<void>;
  /** Moves the fake clock on, then flushes. */
  advance(ms: number): Promise<void>;
  /** A page request from the dApp tab, approved in the consent window; resolves with the flow id. */
  approvedFlow(params?: ProofRequestParams): Promise<string>;
}

const pseudonyms = sitePseudonyms(memoryVault());
/** The user's site lists, sealed under a test vault (storage is fakeBrowser's, reset per test). */
export const SITES = siteLists(memoryVault());
/** The user's proof history, sealed under a test vault like the site lists. */
export const HISTORY = historyStore(memoryVault());

export function makeWorld(store: FlowStore = sessionFlowStore()): World {
  const svc = new FakeService();
  const tabs = new FakeTabs();
  const watchdog = { armed: false };
  const tabLoads = { on: false };
  let ids = 0;
  const build = (life: WorkerLife) =>
    new ProofRunner({
      store,
      api: { createSession: life.guard(svc.createSession.bind(svc)), poll: life.guard(svc.poll.bind(svc)), verify: life.guard(svc.verify.bind(svc)) },
      browser: tabs,
      sites: siteDecisions(SITES),
      settings: async () => world.settings,
      hasKey: async () => world.hasKey,
      pseudonym: pseudonyms,
      history: HISTORY,
      watchdog: {
        arm: async () => void (watchdog.armed = true),
        disarm: async () => void (watchdog.armed = false),
      },
      tabLoads: { listen: (on) => void (tabLoads.on = on) },
      now: () => Date.now(),
      newId: () => `flow-${++ids}`,
      setTimer: (fn, ms) => setTimeout(() => life.alive && fn(), ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    });
  const life = new WorkerLife();
  const world: World = {
    svc, tabs, watchdog, tabLoads, settings: SETTINGS, hasKey: true, life,
    runner: build(life),
    async restart() {
      world.life.kill();
      world.life = new WorkerLife();
      world.runner = build(world.life);
      await world.runner.resume();
      await world.flush();
    },
    async flush() {
      for (let i = 0; i < 8; i++) {
        await vi.advanceTimersByTimeAsync(0);
        await world.runner.idle();
      }
    },
    async advance(ms) {
      await vi.advanceTimersByTimeAsync(ms);
      await world.flush();
    },
    async approvedFlow(params = PARAMS) {
      const ack = await world.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, params);
      if (!('flowId' in ack)) throw new Error(`refused: ${ack.error.message}`);
      await world.flush();
      await world.runner.answerConsent(ack.flowId, true, false);
      await world.flush();
      return ack.flowId;
    },
  };
  return world;
}

/** A fresh world on fake timers for each test of the file; `use` receives it. */
export function freshWorldEachTest(use: (w: World) => void): void {
  let world: World | undefined;
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
    world = makeWorld();
    use(world);
  });
  afterEach(() => {
    world?.life.kill();
    vi.useRealTimers();
  });
}
