/**
 * The one declarative description of every operation the service offers
 * (docs/service.md). The client, the sandbox and the UI all derive
 * paths, parameter lists, defaults and validation from here; nothing else
 * re-types a path or a parameter name. What each operation and parameter
 * means is said in comments: no page shows it, so no bundle carries it.
 */

export type ParamType = 'string' | 'int32' | 'number' | 'object';
export type ParamLocation = 'path' | 'query' | 'body';
/** What a string or int32 carries, beyond its wire type. */
export type ParamFormat = 'timestamp' | 'address' | 'uuid' | 'count' | 'amount';

export interface ParamSpec {
  readonly name: string;
  readonly type: ParamType;
  readonly in: ParamLocation;
  readonly required: boolean;
  /** A concrete default the service applies when the parameter is omitted. */
  readonly default?: string | number;
  /** Allowed values; anything else is rejected before sending. */
  readonly values?: readonly string[];
  readonly format?: ParamFormat;
}

export type ApiName = 'data' | 'integration';
export type OperationGroup = 'holders' | 'dapp-users' | 'cdp-users' | 'socials' | 'integration';

export interface OperationSpec {
  readonly id: string;
  readonly api: ApiName;
  readonly group: OperationGroup;
  readonly method: 'GET' | 'POST';
  /** Path exactly as the service spells it (docs/service.md), relative to the API's base URL. */
  readonly path: string;
  readonly params: readonly ParamSpec[];
  /** The service answers only for projects with a web-analytics integration set up. */
  readonly requiresWebAnalytics?: boolean;
}

// ---- parameter building blocks (shared, so one definition serves every endpoint) ----

const projectId = {
  name: 'project_id', type: 'string', in: 'path', required: true,
  // The project (on-chain ecosystem) id.
} as const satisfies ParamSpec;

const chainId = {
  // Restrict to one chain. Default: all chains.
  name: 'chainId', type: 'string', in: 'query', required: false,
} as const satisfies ParamSpec;

const tokenId = {
  // The project token to analyse. Default: the released token with the highest market cap.
  name: 'tokenId', type: 'string', in: 'query', required: false,
} as const satisfies ParamSpec;

const dapp = {
  // Restrict to one DApp of the project. Default: all DApps of the project.
  name: 'dapp', type: 'string', in: 'query', required: false,
} as const satisfies ParamSpec;

const contract = {
  name: 'contract', type: 'string', in: 'query', required: false, format: 'address',
  // Restrict to one project contract (its address).
} as const satisfies ParamSpec;

const startTimeStr = {
  name: 'startTime', type: 'string', in: 'query', required: false, format: 'timestamp',
  // Start of the window, Unix seconds. Default: 30 days before endTime.
} as const satisfies ParamSpec;

const endTimeStr = {
  name: 'endTime', type: 'string', in: 'query', required: false, format: 'timestamp',
  // End of the window, Unix seconds. Default: now.
} as const satisfies ParamSpec;

const startTimeInt = { ...startTimeStr, type: 'int32' } as const satisfies ParamSpec;
const endTimeInt = { ...endTimeStr, type: 'int32' } as const satisfies ParamSpec;

/** Common parameters of every dapp-users endpoint. */
const dappUsersWindow = [projectId, startTimeInt, endTimeInt, chainId] as const;

// ---- the catalog ----

export const catalog = [
  // Token holders
  {
    id: 'holderChange', api: 'data', group: 'holders', method: 'GET',
    path: '/v3/data/{project_id}/holders/holder-change',
    // Daily new and active holders of the project token
    params: [projectId, startTimeStr, endTimeStr, chainId, tokenId],
  },
  {
    id: 'dailyClaimedRewards', api: 'data', group: 'holders', method: 'GET',
    path: '/v3/data/{project_id}/holders/daily-claimed-rewards',
    // Daily claimed rewards
    params: [projectId, startTimeInt, endTimeInt, chainId],
  },
  {
    id: 'eventTransferDistribution', api: 'data', group: 'holders', method: 'GET',
    path: '/v3/data/{project_id}/holders/event-transfer-distribution',
    // Smart contracts holders move tokens with
    params: [projectId, startTimeStr, endTimeStr, chainId, tokenId],
  },
  {
    id: 'prominentBalance', api: 'data', group: 'holders', method: 'GET',
    path: '/v3/data/{project_id}/holders/prominent-balance',
    // Holders by prominence
    params: [
      projectId,
      {
        name: 'type', type: 'string', in: 'query', required: false, default: 'foundation',
        values: ['contract', 'wallet', 'foundation'],
        // Which kind of holder to list.
      },
      chainId, tokenId,
    ],
  },
  {
    id: 'tokenBalanceDistribution', api: 'data', group: 'holders', method: 'GET',
    path: '/v3/data/{project_id}/holders/token-balance-distribution',
    // Whales, normal wallets and forgotten wallets
    params: [
      projectId,
      {
        name: 'fwBalance', type: 'string', in: 'query', required: false, default: 10, format: 'amount',
        // Maximum balance of a forgotten wallet.
      },
      {
        name: 'fwDays', type: 'string', in: 'query', required: false, default: 30, format: 'count',
        // Days of inactivity of a forgotten wallet.
      },
      {
        name: 'whaleBalance', type: 'string', in: 'query', required: false, default: 1_000_000, format: 'amount',
        // Minimum balance of a whale.
      },
      chainId, tokenId,
    ],
  },

  // DApp users
  {
    id: 'dailyUsers', api: 'data', group: 'dapp-users', method: 'GET',
    path: '/v3/data/{project_id}/dapp-users/daily-users',
    // Daily users and transactions
    params: [...dappUsersWindow, dapp, contract],
  },
  {
    id: 'dailyActions', api: 'data', group: 'dapp-users', method: 'GET',
    path: '/v3/data/{project_id}/dapp-users/daily-actions',
    // Top actions per day
    params: [
      ...dappUsersWindow, dapp, contract,
      {
        name: 'limit', type: 'string', in: 'query', required: false, default: 10, format: 'count',
        // Maximum number of actions returned per day.
      },
    ],
  },
  {
    id: 'distributionByDapps', api: 'data', group: 'dapp-users', method: 'GET',
    path: '/v3/data/{project_id}/dapp-users/distribution-by-dapps',
    // Users and transactions by DApp
    params: [...dappUsersWindow],
  },
  {
    id: 'distributionByContracts', api: 'data', group: 'dapp-users', method: 'GET',
    path: '/v3/data/{project_id}/dapp-users/distribution-by-contracts',
    // Users and transactions by contract
    params: [...dappUsersWindow, dapp],
  },
  {
    id: 'distributionByActions', api: 'data', group: 'dapp-users', method: 'GET',
    path: '/v3/data/{project_id}/dapp-users/distribution-by-actions',
    // Users and transactions by action
    params: [...dappUsersWindow, dapp, contract],
  },
  {
    id: 'useCompetitors', api: 'data', group: 'dapp-users', method: 'GET',
    path: '/v3/data/{project_id}/dapp-users/use-competitors',
    // Users who also use competitors
    params: [...dappUsersWindow, dapp, contract],
  },
  {
    id: 'usePartners', api: 'data', group: 'dapp-users', method: 'GET',
    path: '/v3/data/{project_id}/dapp-users/use-partners',
    // Users who also use partners
    params: [...dappUsersWindow, dapp, contract],
  },

  // User analytics
  {
    id: 'retention', api: 'data', group: 'cdp-users', method: 'GET',
    path: '/v3/data/{project_id}/cdp-users/retention',
    // Retention by cohort
    params: [
      projectId, endTimeStr,
      {
        name: 'timeRange', type: 'string', in: 'query', required: false, default: 7, format: 'count',
        // How many periods to follow each cohort for.
      },
      {
        name: 'unitTimeRange', type: 'string', in: 'query', required: false, default: 'day',
        values: ['day', 'week', 'month'],
        // The unit of timeRange.
      },
      {
        name: 'timeGap', type: 'string', in: 'query', required: false, default: 'day',
        values: ['day', 'week', 'month'],
        // The length of one cohort.
      },
      {
        // Comma-separated project ids whose events count as a return. Default: any event.
        name: 'eventName', type: 'string', in: 'query', required: false,
      },
      dapp, contract,
    ],
  },
  {
    id: 'userInbounce', api: 'data', group: 'cdp-users', method: 'GET',
    path: '/v3/data/{project_id}/cdp-users/user-inbounce',
    // New and returning users
    params: [projectId, endTimeStr, startTimeStr, dapp, contract],
  },
  {
    id: 'distributionByCountries', api: 'data', group: 'cdp-users', method: 'GET',
    path: '/v3/data/{project_id}/cdp-users/distribution-by-countries',
    // Visitors and wallets by country
    params: [projectId, dapp, contract],
    requiresWebAnalytics: true,
  },
  {
    id: 'trafficShare', api: 'data', group: 'socials', method: 'GET',
    path: '/v3/data/{project_id}/socials/traffic-share',
    // Traffic from sources through sites and wallets to DApps
    params: [
      projectId, startTimeInt, endTimeInt,
      {
        name: 'limit', type: 'int32', in: 'query', required: false, default: 10, format: 'count',
        // Number of members returned.
      },
    ],
    requiresWebAnalytics: true,
  },

  // Integration API (base carries /v1)
  {
    id: 'createUrl', api: 'integration', group: 'integration', method: 'GET',
    path: '/platform-services/createUrl',
    // Create a proof session
    params: [
      {
        name: 'web2Id', type: 'string', in: 'query', required: true,
        // Identity of the user in the calling app.
      },
      {
        name: 'condition', type: 'number', in: 'query', required: true,
        // Minimum credit score; users below it cannot generate a proof.
      },
      { name: 'scoreId', type: 'string', in: 'query', required: true }, // The score model.
    ],
  },
  {
    id: 'getProofData', api: 'integration', group: 'integration', method: 'GET',
    path: '/platform/services/getProofData',
    // Get the proof of a session
    params: [
      {
        name: 'sessionId', type: 'string', in: 'query', required: true, format: 'uuid',
        // The session returned by createUrl.
      },
    ],
  },
  {
    id: 'verifyProof', api: 'integration', group: 'integration', method: 'POST',
    path: '/bank/user/verify',
    // Verify a proof
    params: [
      {
        name: 'proof', type: 'object', in: 'body', required: true,
        // The parsed proof object ({ proof, publicSignals }).
      },
    ],
  },
  {
    id: 'calculateCustomScore', api: 'integration', group: 'integration', method: 'GET',
    path: '/platform-services/calculateCustomScore/{entity_address}',
    // Calculate a score for any entity address
    params: [
      {
        name: 'entity_address', type: 'string', in: 'path', required: true, format: 'address',
        // The address to score.
      },
      { name: 'scoreId', type: 'string', in: 'query', required: true }, // The score model.
    ],
  },
] as const satisfies readonly OperationSpec[];

export type Catalog = typeof catalog;
export type OperationId = Catalog[number]['id'];
export type Operation<Id extends OperationId> = Extract<Catalog[number], { id: Id }>;
export type DataOperationId = Extract<Catalog[number], { api: 'data' }>['id'];

type ParamValue<P> = P extends { type: 'object' }
  ? Record<string, unknown>
  : P extends { values: readonly (infer V extends string)[] }
    ? V
    : P extends { type: 'string' }
      ? string | number
      : number;

type ParamsOfSpec<Ps extends readonly ParamSpec[]> = {
  [P in Ps[number] as P extends { required: true } ? P['name'] : never]: ParamValue<P>;
} & {
  [P in Ps[number] as P extends { required: true } ? never : P['name']]?: ParamValue<P> | undefined;
};

/** The typed parameter object an operation takes, derived from its catalog entry. */
export type ParamsOf<Id extends OperationId> = ParamsOfSpec<Operation<Id>['params']>;

const byId = new Map<string, OperationSpec>(catalog.map((op) => [op.id, op]));

export function getOperation<Id extends OperationId>(id: Id): Operation<Id> {
  const op = byId.get(id);
  if (!op) throw new Error(`Unknown operation "${id}"`);
  return op as Operation<Id>;
}

export function isOperationId(id: string): id is OperationId {
  return byId.has(id);
}

/** A data operation's entry, its id one of the catalog's (what tables keyed by operation look up). */
export type DataOperationSpec = OperationSpec & { readonly api: 'data'; readonly id: DataOperationId };

export const dataOperations = catalog.filter((op) => op.api === 'data') as readonly DataOperationSpec[];
export const integrationOperations = catalog.filter((op) => op.api === 'integration') as readonly OperationSpec[];
