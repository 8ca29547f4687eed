// @vitest-environment happy-dom
import { afterEach, beforeAll, expect } from 'vitest';
import { sdkContractSuite, type ContractScenario, type ContractWorld } from '@/test/contract/sdk-contract.ts';
import type { MockVantageHandle, MockUser } from '@/sdk/src/testing.ts';
import { loadBuiltSdk } from './built.ts';

/** The shared contract suite against @vantage/sdk/testing's mock, in happy-dom, both entries as built. */

let sdk: Awaited<ReturnType<typeof loadBuiltSdk>>;
let handle: MockVantageHandle | undefined;

beforeAll(async () => {
  sdk = await loadBuiltSdk();
});
afterEach(() => {
  handle?.uninstall();
  handle = undefined;
});

const USER: Record<ContractScenario | 'invalid', MockUser> = { approve: 'approve', reject: 'reject', hold: 'wait', invalid: 'approve' };

const mockWorld: ContractWorld = {
  async open(scenario) {
    handle?.uninstall();
    handle = sdk.testing.mockVantage(window, { user: USER[scenario] });
    (window as unknown as { __vantageSdk: unknown }).__vantageSdk = sdk.browser;
    return { evaluate: async (fn, arg) => fn(arg) };
  },
  // The mock plays the user's part itself.
  user: async () => undefined,
  async nothingShown() {
    expect(handle?.showing).toBeNull();
  },
};

sdkContractSuite(() => mockWorld);
