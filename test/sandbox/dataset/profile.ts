/**
 * A wallet's on-chain behaviour, summarised from the sandbox's raw events.
 * This is the contract between the dataset (which computes it) and the score
 * models (which read it): score code never touches raw events.
 */
export interface WalletProfile {
  /** Lower-case 0x address. */
  readonly address: `0x${string}`;
  /** Unix seconds of the wallet's first and last event of any kind. */
  readonly firstSeen: number;
  readonly lastSeen: number;
  /** Distinct UTC days with at least one event. */
  readonly activeDays: number;
  /** Token transfers sent or received. */
  readonly transferCount: number;
  /** DApp transactions (contract calls) made. */
  readonly dappTxCount: number;
  readonly distinctDapps: number;
  readonly distinctContracts: number;
  /** Reward claims made and their total amount (token units). */
  readonly claimCount: number;
  readonly claimedAmount: number;
  /** Lending behaviour seen in DApp actions. */
  readonly borrowCount: number;
  readonly repayCount: number;
  readonly liquidationCount: number;
  /** Current holdings, valued in USD at the dataset's token prices. */
  readonly holdingsUsd: number;
  /** Current balance per token (token units), keyed by tokenId. */
  readonly balances: Readonly<Record<string, number>>;
}

/** What the dataset offers the integration API. */
export interface WalletDirectory {
  /** The profile of a wallet, or undefined when the dataset has never seen it. */
  walletProfile(address: string): WalletProfile | undefined;
  /** Every wallet address with a profile, for ranking and for picking demo wallets. */
  walletAddresses(): readonly `0x${string}`[];
  /**
   * A few dataset wallets whose private keys the sandbox knows (seeded, so
   * stable), with varied behaviour: the proof page offers them as clearly
   * labelled throwaway demo wallets, and tests sign with them.
   */
  demoWallets(): readonly DemoWallet[];
}

export interface DemoWallet {
  readonly label: string;
  readonly address: `0x${string}`;
  readonly privateKey: `0x${string}`;
}
