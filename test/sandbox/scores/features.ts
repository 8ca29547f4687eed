import type { WalletProfile } from '../dataset/profile.ts';

/** Shared feature transforms: each maps raw behaviour to a quality in [0, 1]. */

const DAY = 86_400;

/**
 * Diminishing returns: 0 at 0, 1 at `full` and beyond, logarithmic between,
 * so the first few transactions count more than the thousandth.
 */
export function saturate(value: number, full: number): number {
  if (!(value > 0) || !(full > 0)) return 0;
  return Math.min(1, Math.log1p(value) / Math.log1p(full));
}

/** Linear share of `full`, capped at 1. */
export function share(value: number, full: number): number {
  if (!(value > 0) || !(full > 0)) return 0;
  return Math.min(1, value / full);
}

/** True when the dataset has never seen the wallet do anything. */
export function hasNoHistory(p: WalletProfile): boolean {
  return p.activeDays <= 0 || p.firstSeen <= 0;
}

/** Whole days from the wallet's first event to `asOf` (0 without history). */
export function ageDays(p: WalletProfile, asOf: number): number {
  return hasNoHistory(p) ? 0 : Math.max(0, Math.floor((asOf - p.firstSeen) / DAY));
}

/** 1 when active in the last 30 days, falling linearly to 0 at a year of silence. */
export function recency(p: WalletProfile, asOf: number): number {
  if (hasNoHistory(p)) return 0;
  const idleDays = Math.max(0, (asOf - p.lastSeen) / DAY);
  return 1 - share(Math.max(0, idleDays - 30), 335);
}

/** Tokens the wallet holds a positive balance of. */
export function tokensHeld(p: WalletProfile): number {
  return Object.values(p.balances).filter((b) => b > 0).length;
}

/** The profile of a wallet the dataset has never seen: an empty history, nothing invented. */
export function emptyProfile(address: `0x${string}`): WalletProfile {
  return {
    address: address.toLowerCase() as `0x${string}`,
    firstSeen: 0, lastSeen: 0, activeDays: 0,
    transferCount: 0, dappTxCount: 0, distinctDapps: 0, distinctContracts: 0,
    claimCount: 0, claimedAmount: 0,
    borrowCount: 0, repayCount: 0, liquidationCount: 0,
    holdingsUsd: 0, balances: {},
  };
}
