import { storage } from 'wxt/utils/storage';
import { FORGET_AFTER_MS, type Cooldown } from './cooldown.ts';
import type { Flow, FlowReport } from './flow.ts';

/**
 * Proof flows in storage.session: trusted contexts only (not content
 * scripts), and it outlives the MV3 worker, not the browser session. One
 * record per flow, keyed by the requesting tab.
 */
export interface FlowStore {
  all(): Promise<readonly Flow[]>;
  get(tabId: number): Promise<Flow | undefined>;
  put(flow: Flow): Promise<void>;
  remove(tabId: number): Promise<void>;
  reports(): Promise<readonly FlowReport[]>;
  addReport(report: FlowReport): Promise<void>;
  /** Drops the reports that match (the user forgot those proofs: the popup no longer names them). */
  dropReports(match: (report: FlowReport) => boolean): Promise<void>;
  /** Per-origin cooldowns after a rejection (lib/proof/cooldown.ts). */
  cooldown(origin: string): Promise<Cooldown | undefined>;
  setCooldown(origin: string, c: Cooldown): Promise<void>;
  /** The consent windows and proof tabs the flows have open, kept where an update does not empty it. */
  opened(): Promise<Opened>;
  setOpened(o: Opened): Promise<void>;
}

/**
 * Window and tab ids only: no URL or session id, which would let anyone who reads storage.local (a
 * content script in Firefox) open a live proof session.
 */
export interface Opened {
  readonly windows: readonly number[];
  readonly tabs: readonly number[];
}

/** How many finished flows the popup can show. */
const MAX_REPORTS = 10;

const flowsItem = storage.defineItem<Readonly<Record<string, Flow>>>('session:proofFlows', { fallback: {} });
const reportsItem = storage.defineItem<readonly FlowReport[]>('session:proofReports', { fallback: [] });
/**
 * In storage.local, not .session: an update or reload empties storage.session with the flows in it, and
 * the new version closes what the old one left open (ProofRunner.resume).
 */
const openedItem = storage.defineItem<Opened>('local:proofOpened', { fallback: { windows: [], tabs: [] } });
const cooldownsItem = storage.defineItem<Readonly<Record<string, Cooldown>>>('session:consentCooldowns', { fallback: {} });

export function sessionFlowStore(): FlowStore {
  return {
    all: async () => Object.values(await flowsItem.getValue()),
    get: async (tabId) => (await flowsItem.getValue())[String(tabId)],
    async put(flow) {
      // Copy, never mutate: WXT hands the fallback out by reference.
      await flowsItem.setValue({ ...(await flowsItem.getValue()), [String(flow.tabId)]: flow });
    },
    async remove(tabId) {
      const { [String(tabId)]: _gone, ...rest } = await flowsItem.getValue();
      await flowsItem.setValue(rest);
    },
    reports: () => reportsItem.getValue(),
    async addReport(report) {
      await reportsItem.setValue([report, ...(await reportsItem.getValue())].slice(0, MAX_REPORTS));
    },
    async dropReports(match) {
      await reportsItem.setValue((await reportsItem.getValue()).filter((r) => !match(r)));
    },
    async cooldown(origin) {
      const all = await cooldownsItem.getValue();
      return Object.hasOwn(all, origin) ? all[origin] : undefined;
    },
    opened: () => openedItem.getValue(),
    setOpened: (o) => openedItem.setValue(o),
    async setCooldown(origin, c) {
      // Expired entries are dropped on each write, so the record stays small.
      const now = c.lastAt;
      const kept = Object.entries(await cooldownsItem.getValue()).filter(([, v]) => now - v.lastAt < FORGET_AFTER_MS);
      await cooldownsItem.setValue({ ...Object.fromEntries(kept), [origin]: c });
    },
  };
}
