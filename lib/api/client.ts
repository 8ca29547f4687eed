import type { OperationId, ParamsOf } from './catalog.ts';
import { isErrorBody, isRecord, readBody, restatesStatus, saysKeyProblem, serviceMessage, type BodyReading } from './body.ts';
import { ApiError, isRetryable, moreThan, type ApiErrorInfo } from './errors.ts';
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
    const hide = (text: string) => (key ? text.split(key).join('•••') : text);
    const fail: Fail = (info) =>
      new ApiError({ ...info, message: hide(info.message), ...(info.detail === undefined ? {} : { detail: hide(info.detail) }), operation: id });
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
      const reading = readBody(text);
      if (!res.ok) throw fail(classifyStatus(res.status, reading, res.headers, this.cfg.now()));
      return answerOf(reading, res.status, fail);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private checkShape<Id extends OperationId>(id: Id, body: unknown): ResultOf<Id> {
    const check = shapeCheckers[id as keyof IntegrationResults];
    if (!check) {
      // No data (204, `[]`, `{}`, `null`) is a data answer like any other: the block says "no data".
      if (body === NO_DATA) return {} as ResultOf<Id>;
      // A top-level list is left to the normalizers (some accept a list of records), which answer "no data" for what they cannot use.
      if (!isRecord(body) && !Array.isArray(body)) throw new ApiError({ kind: 'bad-response', operation: id, message: t('errors.client.unreadable') });
      return body as ResultOf<Id>;
    }
    if (body === NO_DATA) throw new ApiError({ kind: 'bad-response', operation: id, message: t('errors.client.noAnswer') });
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

/** What `send` answers for an empty body: data operations take it as "no data", integration ones as a failure. */
const NO_DATA: unique symbol = Symbol('no data');

type Fail = (info: Omit<ApiErrorInfo, 'operation'>) => ApiError;

/** A 2xx body as data, or the error it is: unreadable text is never passed on, only said to be unreadable. */
function answerOf(reading: BodyReading, status: number, fail: Fail): unknown {
  switch (reading.kind) {
    case 'empty':
      return NO_DATA;
    case 'unreadable':
      // A plain sentence about the key ("No api key") is a key problem; any other text is not read out.
      if (reading.aboutKey) throw fail({ kind: 'key-rejected', keyBasis: 'said', status, message: t('errors.client.keyRejected') });
      throw fail({ kind: 'bad-response', status, message: t('errors.client.unreadable') });
    case 'json': {
      if (!isErrorBody(reading.value)) return reading.value;
      const detail = serviceMessage(reading.value) ?? undefined;
      if (saysKeyProblem(reading.value)) {
        throw fail({ kind: 'key-rejected', keyBasis: 'said', status, detail, message: detail ?? t('errors.client.keyRejected') });
      }
      throw fail({ kind: 'refused', status, detail, message: detail ?? t('errors.client.failed') });
    }
  }
}

function classifyStatus(status: number, reading: BodyReading, headers: Headers, now: number): Omit<ApiErrorInfo, 'operation'> {
  const body = reading.kind === 'json' ? reading.value : undefined;
  // Only a JSON message field is the service's own words; plain text, HTML and the status line are not shown.
  const detail = serviceMessage(body) ?? undefined;
  if (status === 401 || status === 403) {
    if (saysKeyProblem(body) || (reading.kind === 'unreadable' && reading.aboutKey)) {
      return { kind: 'key-rejected', keyBasis: 'said', status, detail, message: detail ?? t('errors.client.keyRejected') };
    }
    // No reason but the status: most likely the key, unless other requests with it work (the popup judges that).
    if (detail === undefined || restatesStatus(detail)) {
      return { kind: 'key-rejected', keyBasis: 'status', status, detail, message: detail ?? t('errors.client.keyRejected') };
    }
    return { kind: 'refused', status, detail, message: detail };
  }
  if (status === 429) {
    const after = parseRetryAfter(headers.get('retry-after'), now);
    return { kind: 'rate-limited', status, detail, message: detail ?? t('errors.client.tooMany'), retryAt: after === undefined ? undefined : now + after };
  }
  if (status === 404) {
    const more = moreThan(detail, t('errors.client.notFoundSaid', { detail: '' }));
    return { kind: 'not-found', status, detail, message: more ? t('errors.client.notFoundSaid', { detail: more }) : t('errors.client.notFound') };
  }
  const fallback = t('errors.client.httpStatus', { status });
  if (status >= 500) return { kind: 'server-error', status, detail, message: detail ?? fallback };
  const more = moreThan(detail, t('errors.client.failedSaid', { status, detail: '' }));
  return { kind: 'client-error', status, detail, message: more ? t('errors.client.failedSaid', { status, detail: more }) : fallback };
}
