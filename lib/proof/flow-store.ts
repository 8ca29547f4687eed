import { storage } from 'wxt/utils/storage';
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
}

/** How many finished flows the popup can show. */
const MAX_REPORTS = 10;

const flowsItem = storage.defineItem<Readonly<Record<string, Flow>>>('session:proofFlows', { fallback: {} });
const reportsItem = storage.defineItem<readonly FlowReport[]>('session:proofReports', { fallback: [] });

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
  };
}
