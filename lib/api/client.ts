import type { OperationId, ParamsOf } from './catalog.ts';
import { errorBodyMessage, isRecord, mentionsApiKey } from './body.ts';
import { ApiError, isRetryable, type ApiErrorInfo } from './errors.ts';
import { buildRequest, isUnderBase, type ServiceBases } from './request.ts';
import {
  parseCreateUrl,
  parseProofData,
  parseScore,
  parseVerify,
  type CreateUrlResult,
  type ProofDataResult,
  type ScoreResult,
  type VerifyResult,
} from './responses.ts';
import { defaultBackoff, parseRetryAfter, retryDelay, retryWaitMs, sleep, type BackoffPolicy } from './retry.ts';
import { ParamError } from './validate.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';

export interface ClientConfig extends ServiceBases {
  readonly apiKey: string;
  readonly timeoutMs?: number;
  readonly backoff?: BackoffPolicy;
  /** Longest Retry-After worth waiting for inside one call; longer ones surface as rate-limited. */
  readonly maxRetryWaitMs?: number;
  /** Injected for tests and for environments without a global fetch. */
  readonly fetch?: typeof fetch;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly now?: () => number;
  readonly random?: () => number;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** What each integration operation answers once checked; data operations answer raw JSON. */
export interface IntegrationResults {
  createUrl: CreateUrlResult;
  getProofData: ProofDataResult;
  verifyProof: VerifyResult;
  calculateCustomScore: ScoreResult;
}
export type ResultOf<Id extends OperationId> = Id extends keyof IntegrationResults ? IntegrationResults[Id] : unknown;

const shapeCheckers: { [K in keyof IntegrationResults]: (body: unknown) => IntegrationResults[K] } = {
  createUrl: parseCreateUrl,
  getProofData: parseProofData,
  verifyProof: parseVerify,
  calculateCustomScore: parseScore,
};

/**
 * The service client: one `call` for all 20 operations, driven by the catalog.
 * Pure TypeScript; the only global it touches is `fetch` (injectable).
 */
export class ApiClient {
  private readonly cfg: Required<Omit<ClientConfig, 'fetch'>> & { fetch: typeof fetch };

  constructor(config: ClientConfig) {
    this.cfg = {
      timeoutMs: 15_000,
      backoff: defaultBackoff,
      maxRetryWaitMs: 30_000,
      sleep,
      now: Date.now,
      random: Math.random,
      ...config,
      fetch: config.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args)),
    };
  }

  async call<Id extends OperationId>(id: Id, params: ParamsOf<Id>, options: CallOptions = {}): Promise<ResultOf<Id>> {
    if (!this.cfg.apiKey.trim()) throw new ApiError({ kind: 'not-configured', operation: id, message: t('errors.client.noKey') });
    let req;
    try {
      req = buildRequest(id, params, this.cfg);
    } catch (e) {
      if (e instanceof ParamError) throw new ApiError({ kind: 'invalid-params', operation: id, param: e.param, message: e.message });
      throw new ApiError({ kind: 'not-configured', operation: id, message: (e as Error).message });
    }
    const { backoff } = this.cfg;
    const attempts = req.method === 'GET' ? backoff.retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        const body = await this.send(id, req, options.signal);
        return this.checkShape(id, body);
      } catch (e) {
        if (!(e instanceof ApiError) || !isRetryable(e.kind) || attempt >= attempts) throw e;
        const wait = retryWaitMs(e.retryAt, this.cfg.now());
        if (wait !== undefined && wait > this.cfg.maxRetryWaitMs) throw e;
        await this.cfg.sleep(retryDelay(attempt, backoff, wait, this.cfg.random), options.signal);
      }
    }
  }

  private async send(id: OperationId, req: ReturnType<typeof buildRequest>, signal?: AbortSignal): Promise<unknown> {
    // The key goes only to URLs under the configured bases (buildRequest guarantees it; this says it twice).
    if (!isUnderBase(req.url, this.cfg.dataBaseUrl) && !isUnderBase(req.url, this.cfg.integrationBaseUrl)) {
      throw new ApiError({ kind: 'not-configured', operation: id, message: t('errors.client.outsideBases') });
    }
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.cfg.timeoutMs);
    const onAbort = () => timeout.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    // A service may echo the key in its error text; it never travels on in a message.
    const key = this.cfg.apiKey.trim();
    const fail = (info: Omit<ApiErrorInfo, 'operation'>) =>
      new ApiError({ ...info, message: key ? info.message.split(key).join('•••') : info.message, operation: id });
    try {
      let res: Response;
      try {
        res = await this.cfg.fetch(req.url, {
          method: req.method,
          headers: {
            'x-apikey': this.cfg.apiKey,
            accept: 'application/json',
            ...(req.body ? { 'content-type': 'application/json' } : {}),
          },
          body: req.body,
          signal: timeout.signal,
          credentials: 'omit',
          // Browsers drop only Authorization on a cross-origin redirect, not x-apikey: never follow one.
          redirect: 'manual',
        });
      } catch {
        if (signal?.aborted) throw fail({ kind: 'aborted', message: t('errors.client.cancelled') });
        if (timeout.signal.aborted) throw fail({ kind: 'timeout', message: t('errors.client.noAnswerWithin', { seconds: formatNumber(Math.round(this.cfg.timeoutMs / 1000)) }) });
        throw fail({ kind: 'network', message: t('errors.client.unreachable') });
      }
      if (isRedirect(res)) {
        void res.body?.cancel().catch(() => undefined);
        throw fail({ kind: 'redirected', status: res.status || undefined, message: redirectMessage(res.status) });
      }
      const text = await res.text().catch(() => '');
      const body = parseBody(text);
      if (!res.ok) throw fail(classifyStatus(res, body, this.cfg.now()));
      if (body === undefined) throw fail({ kind: 'bad-response', status: res.status, message: t('errors.client.notJson') });
      const message = errorBodyMessage(body);
      if (message !== null) {
        throw fail({ kind: mentionsApiKey(message) ? 'key-rejected' : 'bad-response', status: res.status, message });
      }
      return body;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private checkShape<Id extends OperationId>(id: Id, body: unknown): ResultOf<Id> {
    const check = shapeCheckers[id as keyof IntegrationResults];
    if (!check) {
      if (!isRecord(body)) throw new ApiError({ kind: 'bad-response', operation: id, message: t('errors.client.notObject') });
      return body as ResultOf<Id>;
    }
    try {
      return check(body) as ResultOf<Id>;
    } catch (e) {
      throw new ApiError({ kind: 'bad-response', operation: id, message: (e as Error).message });
    }
  }
}

/**
 * A redirect not followed: browsers answer `redirect: 'manual'` with an opaque
 * response (type 'opaqueredirect', status 0, no Location); Node gives the 3xx itself.
 */
function isRedirect(res: Response): boolean {
  return res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400 && res.status !== 304);
}

function redirectMessage(status: number): string {
  return status ? t('errors.client.redirectStatus', { status }) : t('errors.client.redirect');
}

/** JSON when it parses; a plain-text body stays a string; nothing at all is undefined. */
function parseBody(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Plain text: "No api key" and friends. HTML error pages are not worth echoing.
    return /^\s*</.test(text) ? undefined : text.trim().slice(0, 200);
  }
}

function classifyStatus(res: Response, body: unknown, now: number): Omit<ApiErrorInfo, 'operation'> {
  const status = res.status;
  const sent = (typeof body === 'string' ? body : isRecord(body) && typeof body.message === 'string' ? body.message : '') || res.statusText;
  if (status === 401 || status === 403) return { kind: 'key-rejected', status, message: sent || t('errors.client.keyRejected') };
  if (status === 429) {
    const after = parseRetryAfter(res.headers.get('retry-after'), now);
    return { kind: 'rate-limited', status, message: sent || t('errors.client.tooMany'), retryAt: after === undefined ? undefined : now + after };
  }
  if (status === 404) {
    return {
      kind: 'not-found',
      status,
      message: sent ? t('errors.client.notFoundSaid', { detail: sent }) : t('errors.client.notFound'),
    };
  }
  if (status >= 500) return { kind: 'server-error', status, message: sent || `HTTP ${status}` };
  return { kind: 'client-error', status, message: sent || `HTTP ${status}` };
}
