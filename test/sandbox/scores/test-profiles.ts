import type { DemoWallet, WalletDirectory, WalletProfile } from '../dataset/profile.ts';
import { emptyProfile } from './features.ts';

/** Hand-made profiles for unit tests, judged as of AS_OF. */
export const AS_OF = 1_700_000_000;
const DAY = 86_400;

export function profile(overrides: Partial<WalletProfile> = {}): WalletProfile {
  return { ...emptyProfile('0x00000000000000000000000000000000000000aa'), ...overrides };
}

/** A long-lived, well-funded wallet that borrows and always repays. */
export const seasonedBorrower = profile({
  address: '0x1111111111111111111111111111111111111111',
  firstSeen: AS_OF - 900 * DAY, lastSeen: AS_OF - 2 * DAY, activeDays: 320,
  transferCount: 640, dappTxCount: 900, distinctDapps: 6, distinctContracts: 18,
  claimCount: 30, claimedAmount: 4200,
  borrowCount: 20, repayCount: 20, liquidationCount: 0,
  holdingsUsd: 450_000, balances: { VAN: 120_000, USDC: 200_000, WETH: 40 },
});

/** A young wallet with a little activity and no debt. */
export const newcomer = profile({
  address: '0x2222222222222222222222222222222222222222',
  firstSeen: AS_OF - 20 * DAY, lastSeen: AS_OF - DAY, activeDays: 6,
  transferCount: 9, dappTxCount: 12, distinctDapps: 2, distinctContracts: 3,
  holdingsUsd: 350, balances: { VAN: 1000 },
});

/** A wallet that borrowed, repaid little and was liquidated repeatedly. */
export const liquidated = profile({
  address: '0x3333333333333333333333333333333333333333',
  firstSeen: AS_OF - 400 * DAY, lastSeen: AS_OF - 200 * DAY, activeDays: 60,
  transferCount: 120, dappTxCount: 150, distinctDapps: 3, distinctContracts: 5,
  borrowCount: 10, repayCount: 2, liquidationCount: 4,
  holdingsUsd: 800, balances: { VAN: 2000, WETH: 0 },
});

/** A DApp power user who holds little but claims rewards often. */
export const farmer = profile({
  address: '0x4444444444444444444444444444444444444444',
  firstSeen: AS_OF - 300 * DAY, lastSeen: AS_OF - DAY, activeDays: 250,
  transferCount: 300, dappTxCount: 2500, distinctDapps: 9, distinctContracts: 25,
  claimCount: 80, claimedAmount: 9000,
  holdingsUsd: 150, balances: { VAN: 500 },
});

export const sampleProfiles = [seasonedBorrower, newcomer, liquidated, farmer] as const;

/** A directory over the given profiles, as the dataset would provide. */
export function directoryOf(profiles: readonly WalletProfile[], demo: readonly DemoWallet[] = []): WalletDirectory {
  const byAddress = new Map(profiles.map((p) => [p.address.toLowerCase(), p]));
  return {
    walletProfile: (address) => byAddress.get(address.toLowerCase()),
    walletAddresses: () => profiles.map((p) => p.address),
    demoWallets: () => demo,
  };
}
