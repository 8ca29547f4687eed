/**
 * Static metadata of the sandbox's on-chain world: chains, projects, tokens,
 * DApps, contracts and their named actions. Independent of the seed (contract
 * addresses derive from names), dependency-free, so the extension's dev build
 * and tests can import it. The seeded, generated part (wallets and events)
 * lives in generate.ts.
 */
import { addressFromName } from './prng.ts';

export type Address = `0x${string}`;

export interface ChainMeta {
  /** Decimal chain id ("1", "56", …). */
  readonly id: string;
  readonly name: string;
}

export const CHAINS: readonly ChainMeta[] = [
  { id: '1', name: 'Ethereum' },
  { id: '56', name: 'BNB Chain' },
  { id: '137', name: 'Polygon' },
  { id: '42161', name: 'Arbitrum One' },
  { id: '8453', name: 'Base' },
];

export interface ActionMeta {
  /** The 4-byte function selector, the action's id in the API. */
  readonly id: string;
  readonly name: string;
  readonly signature: string;
  readonly actionType: string;
}

/** Every named action; selectors are keccak256(signature)[0..4] (checked by a test). */
export const ACTIONS = {
  swapExactTokensForTokens: {
    id: '0x38ed1739', name: 'swapExactTokensForTokens', actionType: 'swap',
    signature: 'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
  },
  swapExactETHForTokens: {
    id: '0x7ff36ab5', name: 'swapExactETHForTokens', actionType: 'swap',
    signature: 'swapExactETHForTokens(uint256,address[],address,uint256)',
  },
  addLiquidity: {
    id: '0xe8e33700', name: 'addLiquidity', actionType: 'liquidity',
    signature: 'addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)',
  },
  removeLiquidity: {
    id: '0xbaa2abde', name: 'removeLiquidity', actionType: 'liquidity',
    signature: 'removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)',
  },
  lendDeposit: {
    id: '0xe8eda9df', name: 'deposit', actionType: 'lend', signature: 'deposit(address,uint256,address,uint16)',
  },
  lendWithdraw: {
    id: '0x69328dec', name: 'withdraw', actionType: 'withdraw', signature: 'withdraw(address,uint256,address)',
  },
  borrow: {
    id: '0xa415bcad', name: 'borrow', actionType: 'borrow', signature: 'borrow(address,uint256,uint256,uint16,address)',
  },
  repay: { id: '0x573ade81', name: 'repay', actionType: 'repay', signature: 'repay(address,uint256,uint256,address)' },
  liquidationCall: {
    id: '0x00a718a9', name: 'liquidationCall', actionType: 'liquidate',
    signature: 'liquidationCall(address,address,address,uint256,bool)',
  },
  stake: { id: '0xa694fc3a', name: 'stake', actionType: 'stake', signature: 'stake(uint256)' },
  unstake: { id: '0x2e1a7d4d', name: 'withdraw', actionType: 'withdraw', signature: 'withdraw(uint256)' },
  claimRewards: { id: '0x372500ab', name: 'claimRewards', actionType: 'claim', signature: 'claimRewards()' },
  claim: { id: '0x4e71d92d', name: 'claim', actionType: 'claim', signature: 'claim()' },
  getReward: { id: '0x3d18b912', name: 'getReward', actionType: 'claim', signature: 'getReward()' },
  sendToChain: {
    id: '0x7b50e9b0', name: 'sendToChain', actionType: 'bridge', signature: 'sendToChain(uint256,address,uint256)',
  },
  openPosition: {
    id: '0xeeafcd85', name: 'openPosition', actionType: 'trade', signature: 'openPosition(address,uint256,uint256,bool)',
  },
  closePosition: { id: '0xa126d601', name: 'closePosition', actionType: 'trade', signature: 'closePosition(uint256)' },
  addMargin: { id: '0xd41194b8', name: 'addMargin', actionType: 'trade', signature: 'addMargin(uint256,uint256)' },
  vaultDeposit: { id: '0xb6b55f25', name: 'deposit', actionType: 'deposit', signature: 'deposit(uint256)' },
  vaultWithdraw: { id: '0x2e1a7d4d', name: 'withdraw', actionType: 'withdraw', signature: 'withdraw(uint256)' },
  buyItem: { id: '0x9f37092a', name: 'buyItem', actionType: 'buy', signature: 'buyItem(address,uint256)' },
  listItem: { id: '0x89bfd38f', name: 'listItem', actionType: 'list', signature: 'listItem(address,uint256,uint256)' },
  cancelListing: {
    id: '0xb2ddee06', name: 'cancelListing', actionType: 'list', signature: 'cancelListing(address,uint256)',
  },
  craft: { id: '0x1e34c836', name: 'craft', actionType: 'craft', signature: 'craft(uint256[],uint256)' },
  mintItem: { id: '0x17fb8594', name: 'mintItem', actionType: 'mint', signature: 'mintItem(uint256)' },
  completeQuest: { id: '0x528be0a9', name: 'completeQuest', actionType: 'quest', signature: 'completeQuest(uint256)' },
  lock: { id: '0xe2ab691d', name: 'lock', actionType: 'bridge', signature: 'lock(address,uint256,uint256)' },
} as const satisfies Record<string, ActionMeta>;

export type ActionKey = keyof typeof ACTIONS;

/** What a contract does; the generator picks its actions and token moves by role. */
export type ContractRole =
  | 'router' | 'pool' | 'lending' | 'staking' | 'rewards' | 'bridge'
  | 'perps' | 'vault' | 'market' | 'forge' | 'quests' | 'lock';

const ROLE_NAMES: Record<ContractRole, string> = {
  router: 'Router', pool: 'Pool', lending: 'Lending Pool', staking: 'Staking', rewards: 'Rewards Distributor',
  bridge: 'Bridge', perps: 'Perpetuals Vault', vault: 'Vault', market: 'Marketplace', forge: 'Forge',
  quests: 'Quest Board', lock: 'Token Lock',
};

export interface TokenMeta {
  /** The API's tokenId. */
  readonly id: string;
  readonly symbol: string;
  readonly name: string;
  readonly project: string;
  readonly released: boolean;
  readonly priceUsd: number;
  /** Chains the token lives on, with its contract address and the amount minted at genesis there. */
  readonly deployments: readonly { readonly chainId: string; readonly address: Address; readonly supply: number }[];
}

export interface ContractMeta {
  readonly address: Address;
  readonly name: string;
  readonly project: string;
  readonly dapp: string;
  readonly chainId: string;
  readonly role: ContractRole;
  readonly projectType: string;
}

export interface DappMeta {
  readonly id: string;
  readonly name: string;
  readonly project: string;
  readonly projectType: string;
  readonly chains: readonly string[];
  readonly contracts: readonly ContractMeta[];
}

export interface LabelledWalletMeta {
  readonly address: Address;
  readonly name: string;
  /** foundation: the project's own foundation/treasury wallets; wallet: other well-known large wallets. */
  readonly type: 'foundation' | 'wallet';
  readonly project?: string;
}

export interface ProjectMeta {
  readonly id: string;
  readonly name: string;
  readonly projectType: string;
  /** Queryable through the data API (the others are competitors and partners only). */
  readonly main: boolean;
  readonly chains: readonly string[];
  readonly webAnalytics: boolean;
  /** Web properties (web-analytics sites). */
  readonly sites: readonly string[];
  readonly tokens: readonly TokenMeta[];
  readonly dapps: readonly DappMeta[];
  readonly contracts: readonly ContractMeta[];
  readonly foundationWallets: readonly LabelledWalletMeta[];
  readonly competitors: readonly string[];
  readonly partners: readonly string[];
}

// ---- definitions ----

interface DappDef {
  readonly id: string;
  readonly name: string;
  readonly projectType: string;
  readonly contracts: readonly { readonly role: ContractRole; readonly chains: readonly string[]; readonly label?: string }[];
}

interface ProjectDef {
  readonly id: string;
  readonly name: string;
  readonly projectType: string;
  readonly main: boolean;
  readonly chains: readonly string[];
  readonly webAnalytics: boolean;
  readonly sites: readonly string[];
  readonly tokens: readonly Omit<TokenMeta, 'project' | 'deployments'>[];
  readonly supply: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly dapps: readonly DappDef[];
  readonly foundation: readonly string[];
  readonly competitors: readonly string[];
  readonly partners: readonly string[];
}

const DEFS: readonly ProjectDef[] = [
  {
    id: 'nebula', name: 'Nebula', projectType: 'defi', main: true, chains: ['1', '56', '137'], webAnalytics: true,
    sites: ['app.nebula.example', 'nebula.example', 'docs.nebula.example'],
    tokens: [
      { id: 'neb', symbol: 'NEB', name: 'Nebula', released: true, priceUsd: 2.4 },
      { id: 'nusd', symbol: 'nUSD', name: 'Nebula USD', released: true, priceUsd: 1 },
      { id: 'veneb', symbol: 'veNEB', name: 'Vote-escrowed Nebula', released: false, priceUsd: 0 },
    ],
    supply: {
      neb: { '1': 600_000_000, '56': 250_000_000, '137': 150_000_000 },
      nusd: { '1': 150_000_000, '137': 50_000_000 },
      veneb: { '1': 0 },
    },
    dapps: [
      { id: 'nebula-swap', name: 'Nebula Swap', projectType: 'dex', contracts: [
        { role: 'router', chains: ['1', '56', '137'] }, { role: 'pool', chains: ['1', '56', '137'] }] },
      { id: 'nebula-lend', name: 'Nebula Lend', projectType: 'lending', contracts: [
        { role: 'lending', chains: ['1', '137'] }] },
      { id: 'nebula-stake', name: 'Nebula Staking', projectType: 'staking', contracts: [
        { role: 'staking', chains: ['1', '56'] }, { role: 'rewards', chains: ['1', '56'] }] },
      { id: 'nebula-bridge', name: 'Nebula Bridge', projectType: 'bridge', contracts: [
        { role: 'bridge', chains: ['1', '56', '137'] }] },
    ],
    foundation: ['Nebula Foundation', 'Nebula Treasury', 'Nebula Ecosystem Fund'],
    competitors: ['orbit', 'lendora', 'tidal'],
    partners: ['portal', 'questly', 'quartz'],
  },
  {
    id: 'tidal', name: 'Tidal', projectType: 'derivatives', main: true, chains: ['1', '42161'], webAnalytics: true,
    sites: ['app.tidal.example', 'tidal.example'],
    tokens: [{ id: 'tdl', symbol: 'TDL', name: 'Tidal', released: true, priceUsd: 0.85 }],
    supply: { tdl: { '1': 300_000_000, '42161': 500_000_000 } },
    dapps: [
      { id: 'tidal-perps', name: 'Tidal Perps', projectType: 'derivatives', contracts: [
        { role: 'perps', chains: ['1', '42161'] }] },
      { id: 'tidal-vaults', name: 'Tidal Vaults', projectType: 'yield', contracts: [
        { role: 'vault', chains: ['1', '42161'] }] },
      { id: 'tidal-rewards', name: 'Tidal Rewards', projectType: 'rewards', contracts: [
        { role: 'rewards', chains: ['42161'] }] },
    ],
    foundation: ['Tidal Foundation', 'Tidal Treasury'],
    competitors: ['wavefi', 'lendora', 'nebula'],
    partners: ['portal', 'questly'],
  },
  {
    id: 'quartz', name: 'Quartz', projectType: 'gaming', main: true, chains: ['8453'], webAnalytics: false,
    sites: [],
    tokens: [{ id: 'qtz', symbol: 'QTZ', name: 'Quartz', released: true, priceUsd: 0.12 }],
    supply: { qtz: { '8453': 2_000_000_000 } },
    dapps: [
      { id: 'quartz-market', name: 'Quartz Market', projectType: 'nft', contracts: [{ role: 'market', chains: ['8453'] }] },
      { id: 'quartz-forge', name: 'Quartz Forge', projectType: 'gaming', contracts: [{ role: 'forge', chains: ['8453'] }] },
      { id: 'quartz-rewards', name: 'Quartz Rewards', projectType: 'rewards', contracts: [
        { role: 'rewards', chains: ['8453'] }] },
    ],
    foundation: ['Quartz Foundation', 'Quartz Treasury'],
    competitors: ['gemhall'],
    partners: ['questly', 'portal', 'nebula'],
  },
  // Competitors and partners: they have users and contracts but no token and no data API of their own here.
  {
    id: 'orbit', name: 'OrbitSwap', projectType: 'dex', main: false, chains: ['1', '56', '137', '42161', '8453'],
    webAnalytics: false, sites: [], tokens: [], supply: {},
    dapps: [{ id: 'orbit-swap', name: 'OrbitSwap', projectType: 'dex', contracts: [
      { role: 'router', chains: ['1', '56', '137', '42161', '8453'] },
      { role: 'pool', chains: ['1', '56', '137', '42161', '8453'] }] }],
    foundation: [], competitors: [], partners: [],
  },
  {
    id: 'lendora', name: 'Lendora', projectType: 'lending', main: false, chains: ['1', '137', '42161'],
    webAnalytics: false, sites: [], tokens: [], supply: {},
    dapps: [{ id: 'lendora-markets', name: 'Lendora Markets', projectType: 'lending', contracts: [
      { role: 'lending', chains: ['1', '137', '42161'] }] }],
    foundation: [], competitors: [], partners: [],
  },
  {
    id: 'wavefi', name: 'WaveFi', projectType: 'derivatives', main: false, chains: ['1', '42161'],
    webAnalytics: false, sites: [], tokens: [], supply: {},
    dapps: [{ id: 'wavefi-perps', name: 'WaveFi Perps', projectType: 'derivatives', contracts: [
      { role: 'perps', chains: ['1', '42161'] }] }],
    foundation: [], competitors: [], partners: [],
  },
  {
    id: 'gemhall', name: 'GemHall', projectType: 'nft', main: false, chains: ['8453'],
    webAnalytics: false, sites: [], tokens: [], supply: {},
    dapps: [{ id: 'gemhall-market', name: 'GemHall Market', projectType: 'nft', contracts: [
      { role: 'market', chains: ['8453'] }] }],
    foundation: [], competitors: [], partners: [],
  },
  {
    id: 'portal', name: 'Portal Bridge', projectType: 'bridge', main: false, chains: ['1', '56', '137', '42161', '8453'],
    webAnalytics: false, sites: [], tokens: [], supply: {},
    dapps: [{ id: 'portal-bridge', name: 'Portal Bridge', projectType: 'bridge', contracts: [
      { role: 'lock', chains: ['1', '56', '137', '42161', '8453'] }] }],
    foundation: [], competitors: [], partners: [],
  },
  {
    id: 'questly', name: 'Questly', projectType: 'social', main: false, chains: ['1', '8453'],
    webAnalytics: false, sites: [], tokens: [], supply: {},
    dapps: [{ id: 'questly-quests', name: 'Questly Quests', projectType: 'social', contracts: [
      { role: 'quests', chains: ['1', '8453'] }] }],
    foundation: [], competitors: [], partners: [],
  },
];

function chainName(id: string): string {
  return CHAINS.find((c) => c.id === id)?.name ?? id;
}

function buildProject(def: ProjectDef): ProjectMeta {
  const contracts: ContractMeta[] = [];
  const dapps: DappMeta[] = def.dapps.map((d) => {
    const own: ContractMeta[] = [];
    for (const c of d.contracts) {
      for (const chainId of c.chains) {
        const multi = c.chains.length > 1;
        const meta: ContractMeta = {
          address: addressFromName(`contract:${def.id}:${d.id}:${c.role}:${chainId}`),
          name: `${d.name}: ${c.label ?? ROLE_NAMES[c.role]}${multi ? ` (${chainName(chainId)})` : ''}`,
          project: def.id, dapp: d.id, chainId, role: c.role, projectType: d.projectType,
        };
        own.push(meta);
        contracts.push(meta);
      }
    }
    const chains = [...new Set(own.map((c) => c.chainId))];
    return { id: d.id, name: d.name, project: def.id, projectType: d.projectType, chains, contracts: own };
  });
  const tokens: TokenMeta[] = def.tokens.map((t) => ({
    ...t, project: def.id,
    deployments: Object.entries(def.supply[t.id] ?? {}).map(([chainId, supply]) => ({
      chainId, supply, address: addressFromName(`token:${t.id}:${chainId}`),
    })),
  }));
  const foundationWallets: LabelledWalletMeta[] = def.foundation.map((name) => ({
    address: addressFromName(`wallet:${def.id}:${name}`), name, type: 'foundation', project: def.id,
  }));
  return {
    id: def.id, name: def.name, projectType: def.projectType, main: def.main, chains: def.chains,
    webAnalytics: def.webAnalytics, sites: def.sites, tokens, dapps, contracts, foundationWallets,
    competitors: def.competitors, partners: def.partners,
  };
}

/** Every project of the sandbox world, main ones first. */
export const ALL_PROJECTS: readonly ProjectMeta[] = DEFS.map(buildProject);

/** The projects the data API answers for. */
export const PROJECTS: readonly ProjectMeta[] = ALL_PROJECTS.filter((p) => p.main);

/** The fixed project ids: nebula (web analytics, 3 chains), tidal (web analytics, 2 chains), quartz (no web analytics, 1 chain). */
export const PROJECT_IDS = ['nebula', 'tidal', 'quartz'] as const;

export const TOKENS: readonly TokenMeta[] = ALL_PROJECTS.flatMap((p) => p.tokens);
export const CONTRACTS: readonly ContractMeta[] = ALL_PROJECTS.flatMap((p) => p.contracts);
export const DAPPS: readonly DappMeta[] = ALL_PROJECTS.flatMap((p) => p.dapps);

/** Well-known large wallets that belong to no project (exchanges, market makers). */
export const MARKET_WALLETS: readonly LabelledWalletMeta[] = [
  { address: addressFromName('wallet:cex-hot-1'), name: 'CEX Hot Wallet 1', type: 'wallet' },
  { address: addressFromName('wallet:cex-hot-2'), name: 'CEX Hot Wallet 2', type: 'wallet' },
  { address: addressFromName('wallet:market-maker'), name: 'Market Maker', type: 'wallet' },
];

export const NULL_ADDRESS: Address = '0x0000000000000000000000000000000000000000';
