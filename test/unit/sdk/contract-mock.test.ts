// @vitest-environment happy-dom
import { expect } from 'vitest';
import { sdkContractSuite, type ContractScenario, type ContractWorld } from '@/test/contract/sdk-contract.ts';
import type { MockUser } from '@/sdk/src/testing.ts';
import { useBuiltSdk } from './built.ts';

/** The shared contract suite against @vantage/sdk/testing's mock, in happy-dom, both entries as built. */

const built = useBuiltSdk();

/** The mock plays below-the-minimum by itself: its user approves, and the score decides. */
const USER: Record<ContractScenario | 'invalid', MockUser> = { approve: 'approve', bound: 'approve', below: 'approve', reject: 'reject', hold: 'wait', invalid: 'approve' };

const mockWorld: ContractWorld = {
  async open(scenario) {
    built.mock({ user: USER[scenario] });
    (window as unknown as { __vantageSdk: unknown }).__vantageSdk = built.sdk.browser;
    return { evaluate: async (fn, arg) => fn(arg) };
  },
  // The mock plays the user's part itself.
  user: async () => undefined,
  async nothingShown() {
    expect(built.handle?.showing).toBeNull();
  },
  // What the mock proves with: the keys its testing entry exports for a dApp's server.
  get trust() {
    return { keys: built.sdk.testing.MOCK_SERVICE_KEYS };
  },
};

sdkContractSuite(() => mockWorld);
