/**
 * The sandbox's data API: the 16 data operations of the catalog, answered
 * from the dataset's raw events. Transport-free: the HTTP server (server.ts)
 * maps requests onto `answer`.
 */
import { dataOperations, type DataOperationId, type DataOperationSpec } from '@/lib/api/catalog.ts';
import { ParamError, validateParams } from '@/lib/api/validate.ts';
import { createBoundedCache } from '../bounded-cache.ts';
import type { Dataset } from '../dataset/index.ts';
import { cdpUsersAnswers } from './cdp-users.ts';
import { dappUsersAnswers } from './dapp-users.ts';
import { holdersAnswers } from './holders.ts';
import { DataIndex } from './indexes.ts';
import { ApiError, queryKey, resolveQuery, type Compute } from './query.ts';

export { ApiError } from './query.ts';
export { DataIndex } from './indexes.ts';

/** One answer per data operation of the catalog (each group's file keeps its own table). */
const COMPUTE = { ...holdersAnswers, ...dappUsersAnswers, ...cdpUsersAnswers } satisfies { readonly [Id in DataOperationId]: Compute };

/** The status for a project without the web-analytics integration (documented in test/sandbox/README.md). */
export const NO_WEB_ANALYTICS_STATUS = 422;

/** Memoised answers are bounded in size as well as in number. */
const MAX_CACHED_CHARS = 64 * 1024 * 1024;

export interface DataApiOptions {
  /** Unix seconds of "now"; default: the dataset's clock (frozen at a pinned anchor). */
  readonly now?: () => number;
  /** How many answers to memoise (per normalised query); default 2000. */
  readonly cacheSize?: number;
}

export interface DataApi {
  readonly dataset: Dataset;
  readonly index: DataIndex;
  /** The operation whose catalog path (after the stage prefix) matches, with its project id. */
  route(path: string): { op: DataOperationSpec; projectId: string } | undefined;
  /** The JSON body of a successful answer; throws ApiError (status + message) otherwise. */
  answer(op: DataOperationSpec, projectId: string, query: Readonly<Record<string, unknown>>): string;
  /** Builds the indexes every endpoint needs and answers the default queries, so first requests are fast. */
  warm(): void;
  /** The day number (Unix seconds / 86400) of "now": answers depend on the clock only through it. */
  today(): number;
}

export function createDataApi(dataset: Dataset, opts: DataApiOptions = {}): DataApi {
  const index = new DataIndex(dataset);
  const now = opts.now ?? (() => dataset.nowSeconds());
  const cacheSize = opts.cacheSize ?? 2000;
  const cache = createBoundedCache<string>(cacheSize, MAX_CACHED_CHARS, (body) => body.length);

  const routes = dataOperations.map((op) => {
    // '/v3/data/{project_id}/holders/holder-change' -> prefix, suffix around the project id
    const [before, after] = op.path.split('{project_id}') as [string, string];
    return { op, before, after };
  });

  const route: DataApi['route'] = (path) => {
    for (const r of routes) {
      if (!path.startsWith(r.before) || !path.endsWith(r.after)) continue;
      const id = path.slice(r.before.length, path.length - r.after.length);
      if (id.length === 0 || id.includes('/')) continue;
      let projectId: string;
      try {
        projectId = decodeURIComponent(id);
      } catch {
        continue;
      }
      return { op: r.op, projectId };
    }
    return undefined;
  };

  const answer: DataApi['answer'] = (op, projectId, query) => {
    const project = dataset.projects.find((p) => p.id === projectId && p.main);
    if (!project) throw new ApiError(404, `Unknown project "${projectId}".`);
    if (op.requiresWebAnalytics && !project.webAnalytics) {
      throw new ApiError(
        NO_WEB_ANALYTICS_STATUS,
        `Project "${project.id}" has no web-analytics integration set up; ${op.path.split('/').pop()} needs one.`,
      );
    }
    let params;
    try {
      params = validateParams(op, { ...query, project_id: projectId }, { allowUnknown: true });
    } catch (e) {
      if (e instanceof ParamError) throw new ApiError(400, e.message, e.param);
      throw e;
    }
    const q = resolveQuery(dataset, op, project, params, now());
    const key = queryKey(op.id, q);
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const body = JSON.stringify(COMPUTE[op.id](index, q));
    cache.set(key, body);
    return body;
  };

  const warm = () => {
    for (let p = 0; p < dataset.projects.length; p++) {
      index.calls(p);
      index.visits(p);
    }
    dataset.tokens.forEach((t, i) => {
      if (t.released) index.holderStats(i);
    });
    // and the answers to every endpoint's default query (what a newcomer's first look asks for)
    for (const p of dataset.mainProjects) {
      for (const op of dataOperations) {
        try {
          answer(op, p.id, {});
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
        }
      }
    }
  };

  return { dataset, index, route, answer, warm, today: () => Math.floor(now() / 86_400) };
}
