/**
 * Resolution of an endpoint's validated parameters into the normalised query
 * the computations take: defaults applied (as docs/service.md gives them), ids checked
 * against the project, time windows bucketed into UTC days.
 */
import type { Catalog, OperationGroup, OperationSpec } from '@/lib/api/catalog.ts';
import type { ValidParams } from '@/lib/api/validate.ts';
import { DAY, TOKENS, type ContractMeta, type DappMeta, type Dataset, type ProjectMeta, type TokenMeta } from '../dataset/index.ts';
import type { DataIndex } from './indexes.ts';

/** An error with its HTTP status; the body is `{ message }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const bad = (param: string, message: string) => new ApiError(400, message, param);

export const DEFAULT_WINDOW_DAYS = 30;
/** Longest window answered, in days. */
export const MAX_WINDOW_DAYS = 731;
export const MAX_TIME_RANGE = 60;

export type Unit = 'day' | 'week' | 'month';

/** A window of whole UTC days, as absolute day numbers (Unix seconds / 86400), both ends included. */
export interface DayWindow {
  readonly first: number;
  readonly last: number;
}

export interface Query {
  readonly project: ProjectMeta;
  /** ALL_PROJECTS index. */
  readonly projectIndex: number;
  /** Absolute day number of "now". */
  readonly today: number;
  readonly window?: DayWindow;
  /** CHAINS index, or -1 for all chains. */
  readonly chain: number;
  readonly token?: TokenMeta;
  /** TOKENS index, or -1. */
  readonly tokenIndex: number;
  readonly dapp?: DappMeta;
  readonly contract?: ContractMeta;
  readonly limit?: number;
  readonly type?: 'contract' | 'wallet' | 'foundation';
  readonly fwBalance?: number;
  readonly fwDays?: number;
  readonly whaleBalance?: number;
  readonly timeRange?: number;
  readonly unitTimeRange?: Unit;
  readonly timeGap?: Unit;
  /** Projects (ALL_PROJECTS indexes) whose calls count as a return; undefined: the project's own. */
  readonly eventProjects?: readonly number[];
}

/** How the sandbox answers one data operation: its JSON body. */
export type Compute = (ix: DataIndex, q: Query) => unknown;

/**
 * The answers to the data operations of catalog groups, keyed by operation
 * id: a new operation of the group does not compile until it has its answer.
 */
export type ComputeTable<G extends OperationGroup> = {
  readonly [Id in Extract<Catalog[number], { api: 'data'; group: G }>['id']]: Compute;
};

export function resolveQuery(ds: Dataset, op: OperationSpec, project: ProjectMeta, p: ValidParams, nowSec: number): Query {
  const has = (name: string) => op.params.some((s) => s.name === name);
  const num = (name: string): number | undefined => (p[name] === undefined ? undefined : Number(p[name]));
  const str = (name: string): string | undefined => (p[name] === undefined ? undefined : String(p[name]));
  /** The parameter's value, or when omitted the `default` its catalog spec declares. */
  const given = (name: string) => (p[name] === undefined ? op.params.find((s) => s.name === name)?.default : p[name]);

  let window: DayWindow | undefined;
  if (has('startTime') || has('endTime')) {
    const end = num('endTime') ?? nowSec;
    const start = num('startTime') ?? end - DEFAULT_WINDOW_DAYS * DAY;
    if (start > end) throw bad('startTime', 'Parameter "startTime" must not be after "endTime".');
    const first = Math.floor(start / DAY);
    const last = Math.floor(end / DAY);
    if (last - first + 1 > MAX_WINDOW_DAYS) {
      throw bad('startTime', `Parameter "startTime": the window may span at most ${MAX_WINDOW_DAYS} days.`);
    }
    window = { first, last };
  } else if (op.id === 'distributionByCountries') {
    // no time parameters: the default window (the last 30 days)
    const last = Math.floor(nowSec / DAY);
    window = { first: last - DEFAULT_WINDOW_DAYS, last };
  }

  let chain = -1;
  const chainId = str('chainId');
  if (chainId !== undefined) {
    if (!project.chains.includes(chainId)) {
      throw bad('chainId', `Parameter "chainId": project "${project.id}" is not on chain "${chainId}" (its chains: ${project.chains.join(', ')}).`);
    }
    chain = ds.chains.findIndex((c) => c.id === chainId);
  }

  let token: TokenMeta | undefined;
  if (has('tokenId')) {
    const tokenId = str('tokenId');
    if (tokenId !== undefined) {
      token = project.tokens.find((t) => t.id === tokenId.toLowerCase());
      if (!token) {
        throw bad('tokenId', `Parameter "tokenId": project "${project.id}" has no token "${tokenId}" (its tokens: ${project.tokens.map((t) => t.id).join(', ')}).`);
      }
    } else {
      token = ds.defaultToken(project.id);
    }
  }

  let dapp: DappMeta | undefined;
  const dappId = str('dapp');
  if (dappId !== undefined) {
    dapp = project.dapps.find((d) => d.id === dappId);
    if (!dapp) {
      throw bad('dapp', `Parameter "dapp": project "${project.id}" has no DApp "${dappId}" (its DApps: ${project.dapps.map((d) => d.id).join(', ')}).`);
    }
  }
  let contract: ContractMeta | undefined;
  const contractAddr = str('contract');
  if (contractAddr !== undefined) {
    const a = contractAddr.toLowerCase();
    contract = project.contracts.find((c) => c.address === a);
    if (!contract) throw bad('contract', `Parameter "contract": ${a} is not a contract of project "${project.id}".`);
    if (dapp && contract.dapp !== dapp.id) {
      throw bad('contract', `Parameter "contract": ${a} is not a contract of DApp "${dapp.id}".`);
    }
  }

  const limit = has('limit') ? Number(given('limit')) : undefined;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) throw bad('limit', 'Parameter "limit" must be a whole number.');

  let fwBalance: number | undefined;
  let fwDays: number | undefined;
  let whaleBalance: number | undefined;
  if (op.id === 'tokenBalanceDistribution') {
    fwBalance = Number(given('fwBalance'));
    fwDays = Number(given('fwDays'));
    whaleBalance = Number(given('whaleBalance'));
  }

  let timeRange: number | undefined;
  let unitTimeRange: Unit | undefined;
  let timeGap: Unit | undefined;
  let eventProjects: number[] | undefined;
  let today = Math.floor(nowSec / DAY);
  if (op.id === 'retention') {
    timeRange = Number(given('timeRange'));
    if (timeRange < 1 || timeRange > MAX_TIME_RANGE) {
      throw bad('timeRange', `Parameter "timeRange" must be between 1 and ${MAX_TIME_RANGE}.`);
    }
    unitTimeRange = String(given('unitTimeRange')) as Unit;
    timeGap = String(given('timeGap')) as Unit;
    const names = (str('eventName') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (names.length) {
      eventProjects = [];
      for (const n of names) {
        const i = ds.projects.findIndex((x) => x.id === n);
        if (i < 0) throw bad('eventName', `Parameter "eventName": unknown project id "${n}".`);
        if (!eventProjects.includes(i)) eventProjects.push(i);
      }
      eventProjects.sort((a, b) => a - b);
    }
    const end = num('endTime');
    if (end !== undefined) today = Math.floor(end / DAY);
  }

  const type = has('type') ? (String(given('type')) as Query['type']) : undefined;

  return {
    project, projectIndex: ds.projects.indexOf(project), today, window, chain, token,
    tokenIndex: token ? TOKENS.indexOf(token) : -1, dapp, contract, limit, type,
    fwBalance, fwDays, whaleBalance, timeRange, unitTimeRange, timeGap, eventProjects,
  };
}

/** A stable cache key for a resolved query. */
export function queryKey(opId: string, q: Query): string {
  return [
    opId, q.project.id, q.window ? `${q.window.first}-${q.window.last}` : '', q.today, q.chain, q.token?.id ?? '',
    q.dapp?.id ?? '', q.contract?.address ?? '', q.limit ?? '', q.type ?? '', q.fwBalance ?? '', q.fwDays ?? '',
    q.whaleBalance ?? '', q.timeRange ?? '', q.unitTimeRange ?? '', q.timeGap ?? '', q.eventProjects?.join('+') ?? '',
  ].join('|');
}

export const dayKey = (day: number): string => String(day * DAY);

/** The `{ startTime, endTime }` head of an answer: the query window's ends in Unix seconds. */
export const envelope = (q: Query) => ({ startTime: q.window!.first * DAY, endTime: q.window!.last * DAY });
