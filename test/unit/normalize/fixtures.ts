import type { DataOperationId } from '@/lib/api/catalog.ts';

/**
 * Example answers of the service, in the shapes docs/service.md gives for
 * each operation (addresses elided with "…" included).
 */
export const ref = {
  holderChange: {
    now: { active: 1830, new: 214, total: 48213 },
    logs: { '1700006400': { active: 1790, new: 12 }, '1700092800': { active: 1811, new: 9 } },
  },
  dailyClaimedRewards: {
    startTime: 1697414400,
    endTime: 1700006400,
    claimed_rewards: { '1700006400': 1520.75, '1700092800': 998.5 },
  },
  eventTransferDistribution: {
    '1700006400': {
      '0x1f98…f984': { name: 'Uniswap V3: Router', value: 120345.2 },
      '0x7a25…488d': { name: 'Staking', value: 5021.0 },
    },
  },
  prominentBalance: {
    '0xabc…': { id: '0xabc…', type: 'wallet', name: 'Whale 1', value: 1250000.5 },
    '0xdef…': { id: '0xdef…', type: 'contract', projectType: 'dex', name: 'Pool', value: 830000 },
  },
  tokenBalanceDistribution: { whales: 12, normalWallets: 40110, forgottenWallets: 8091 },
  dailyUsers: {
    startTime: 1697414400,
    endTime: 1700006400,
    dailyUsers: [{ timestamp: 1700006400, numberOfUsers: 1830, numberOfTransactions: 5122 }],
  },
  dailyActions: {
    dailyActions: [
      {
        timestamp: 1700006400,
        actions: [
          {
            id: '0x38ed1739',
            name: 'swapExactTokensForTokens',
            actionType: 'swap',
            numberOfUsers: 420,
            numberOfTransactions: 911,
          },
        ],
      },
    ],
  },
  distributionByDapps: {
    startTime: 1697414400,
    endTime: 1700006400,
    numberOfUsers: 9120,
    numberOfTransactions: 40111,
    dapps: [
      {
        id: 'lending',
        name: 'Lending',
        numberOfUsers: 5120,
        numberOfTransactions: 22000,
        entity: { id: 'lending', type: 'dapp', projectType: 'lending' },
      },
    ],
  },
  useCompetitors: {
    startTime: 1697414400,
    endTime: 1700006400,
    users: [{ id: 'rival', name: 'Rival', numberOfUsers: 812, entity: { id: 'rival', type: 'project', projectType: 'dex' } }],
    marketShare: [{ id: 'rival', name: 'Rival', tvl: 91000000, marketShare: 0.31, projectType: 'dex', type: 'project' }],
  },
  retention: {
    '2023-11-01': { total: 310, retention: { '1': 120, '2': 88, '3': 61 } },
    '2023-11-08': { total: 275, retention: { '1': 101, '2': 70 } },
  },
  userInbounce: { wallet: { new: 812, return: 1301 }, visitor: { new: 5120, return: 2211 } },
  distributionByCountries: {
    visitors: 7331,
    wallets: 2113,
    topCountry: [{ name: 'Vietnam', data: { visitor: 2010, wallet: 611 } }],
  },
  trafficShare: {
    layers: [[{ title: 'twitter.com', users: 800, ratio: 0.41 }], [{ title: 'app.example.org', users: 1200, ratio: 1 }]],
    flows: [[{ startAction: 'twitter.com', endAction: 'app.example.org', users: 800 }]],
  },
} as const;

/**
 * docs/service.md gives one envelope for distribution-by-dapps, -contracts
 * and -actions (only the list key differs) and says use-partners is
 * use-competitors with `users` only; these are those shapes written out.
 */
export const derived = {
  distributionByContracts: {
    startTime: 1697414400,
    endTime: 1700006400,
    numberOfUsers: 9120,
    numberOfTransactions: 40111,
    contracts: [
      {
        id: '0x7a25…488d',
        name: 'Router',
        numberOfUsers: 4000,
        numberOfTransactions: 12000,
        entity: { id: '0x7a25…488d', type: 'contract', projectType: 'dex' },
      },
    ],
  },
  distributionByActions: {
    startTime: 1697414400,
    endTime: 1700006400,
    numberOfUsers: 9120,
    numberOfTransactions: 40111,
    actions: [
      { id: '0x38ed1739', name: 'swapExactTokensForTokens', actionType: 'swap', numberOfUsers: 420, numberOfTransactions: 911 },
    ],
  },
  usePartners: {
    startTime: 1697414400,
    endTime: 1700006400,
    users: [
      { id: 'bridge', name: 'Bridge', numberOfUsers: 300, entity: { id: 'bridge', type: 'project', projectType: 'bridge' } },
      { id: 'wallet', name: 'Wallet', numberOfUsers: 900, entity: { id: 'wallet', type: 'project', projectType: 'wallet' } },
    ],
  },
} as const;

/** A real body for every data operation. */
export const realBodies: { readonly [Id in DataOperationId]: unknown } = { ...ref, ...derived };
