/**
 * The sandbox HTTP server: the data API under `{prefix}/v3/data/…` (default
 * prefix /dev), the integration API (test/sandbox/integration) for everything
 * else, one API-key store for both. It runs on a user's machine, so before
 * any route it refuses Host names that are not its own (host-check.ts) and
 * web origins it does not know (cors.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createDataApi, ApiError, type DataApi } from './data-api/index.ts';
import { PROJECTS, type Dataset } from './dataset/index.ts';
import { sharedDataset } from './dataset/shared.ts';
import { createIntegrationHandler } from './integration/handler.ts';
import { INTEGRATION_BASE_PATH, queryParams } from './integration/operations.ts';
import { createKeyStore, DEFAULT_API_KEY } from './auth.ts';
import { createBoundedCache } from './bounded-cache.ts';
import { allowedHost, createHostCheck, type HostCheck } from './host-check.ts';
import { appendVary, createOriginPolicy, READ_METHODS } from './cors.ts';
import type { Prover } from './zk/prover.ts';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PREFIX = '/dev';
export { DEFAULT_API_KEY } from './auth.ts';

export interface SandboxOptions {
  readonly port?: number;
  readonly host?: string;
  /** Stage prefix before /v3 (default /dev; '' for none). */
  readonly prefix?: string;
  /** Accepted API keys; default [SANDBOX_API_KEY or the documented dev key]. The first is reported as apiKey. */
  readonly apiKeys?: string[];
  /** A prebuilt dataset; otherwise one is generated from seed / anchor / scale. */
  readonly dataset?: Dataset;
  readonly seed?: number | string;
  readonly anchor?: Date | number | string;
  /** Dataset size multiplier (1 = the default 60,000 wallets). */
  readonly scale?: number;
  readonly days?: number;
  /** Unix seconds of "now" (default: the dataset's clock). */
  readonly now?: () => number;
  /** Build the indexes before listening, and start the prover with the first session (default true). */
  readonly warm?: boolean;
  /**
   * Host names answered besides loopback names and `host` (`name` for any port, `name:port`):
   * what clients use behind a proxy or with host 0.0.0.0. Any other Host is refused (421).
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Web origins (`https://app.example`) that may call the sandbox from a browser page (CORS).
   * Default none: the extension, the proof page and server-side code need no entry.
   */
  readonly corsOrigins?: readonly string[];
  /** Answer Private Network Access preflights (for a page on a public origin among corsOrigins). Default false. */
  readonly allowPrivateNetwork?: boolean;
  /** Live proof sessions at most (default DEFAULT_MAX_SESSIONS, 1000); createUrl past it answers 503 with Retry-After. */
  readonly maxSessions?: number;
  /** Proofs queued or being made at most (default DEFAULT_MAX_PROOF_JOBS, 8); a signature past it answers 503 with Retry-After. */
  readonly maxProofJobs?: number;
  /** Makes the proofs; default the prover process the sandboxes of this process share (zk/prover.ts). */
  readonly prover?: Prover;
}

export interface Sandbox {
  readonly origin: string;
  readonly dataBaseUrl: string;
  readonly integrationBaseUrl: string;
  readonly apiKey: string;
  readonly dataset: Dataset;
  readonly dataApi: DataApi;
  close(): Promise<void>;
}

function normalisePrefix(p: string | undefined): string {
  if (p === undefined) return DEFAULT_PREFIX;
  const s = p.trim().replace(/\/+$/, '');
  if (s === '') return '';
  return s.startsWith('/') ? s : `/${s}`;
}

function send(res: ServerResponse, status: number, body: string | Buffer, extra?: Record<string, string>): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': typeof body === 'string' ? Buffer.byteLength(body) : body.length,
    ...extra,
  });
  res.end(body);
}

const message = (m: string) => JSON.stringify({ message: m });
const RAW_CACHE_ENTRIES = 5000;
const RAW_CACHE_BYTES = 64 * 1024 * 1024;
/** Answers at least this large are also kept gzipped. */
const GZIP_MIN_BYTES = 1024;

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const dataset = opts.dataset ?? sharedDataset({ seed: opts.seed, anchor: opts.anchor, scale: opts.scale, days: opts.days });
  const prefix = normalisePrefix(opts.prefix);
  const keys = opts.apiKeys?.length ? opts.apiKeys : [process.env.SANDBOX_API_KEY || DEFAULT_API_KEY];
  const store = createKeyStore(keys);
  const dataApi = createDataApi(dataset, { now: opts.now });
  if (opts.warm !== false) {
    dataApi.warm();
    dataset.walletAddresses(); // the wallet profiles the integration API reads
  }
  const dataRoot = `${prefix}/v3/data/`;
  const rawCache = createBoundedCache<{ plain: Buffer; gzip: Buffer | undefined }>(
    RAW_CACHE_ENTRIES, RAW_CACHE_BYTES, (e) => e.plain.length + (e.gzip?.length ?? 0),
  );

  for (const h of opts.allowedHosts ?? []) allowedHost(h); // refuse a malformed one before listening
  let origin = '';
  let hostAllowed: HostCheck = () => false;
  const origins = createOriginPolicy((h) => hostAllowed(h), {
    corsOrigins: opts.corsOrigins, allowPrivateNetwork: opts.allowPrivateNetwork,
  });
  // built once the server's origin is known (after listen)
  const integration: { handle?: ReturnType<typeof createIntegrationHandler> } = {};

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostAllowed(req.headers.host)) {
      send(res, 421, message(`This sandbox answers only requests addressed to its own host names (loopback names on its port, `
        + `its --host, any --allowed-host), not to "${req.headers.host ?? ''}": a guard against DNS rebinding.`));
      return;
    }
    const kind = origins.classify(req.headers.origin);
    origins.applyCors(req, res, kind);
    if (kind === 'foreign' && !READ_METHODS.has(req.method ?? '')) {
      send(res, 403, message(`Pages from ${req.headers.origin} may only read from this sandbox (a guard against cross-site `
        + 'requests); a developer can let a web origin use it with --cors-origin.'));
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', origin);
    } catch {
      send(res, 400, message('Malformed request URL.'));
      return;
    }
    const path = url.pathname;
    if (path.startsWith(dataRoot)) {
      const r = dataApi.route(path.slice(prefix.length));
      if (r) {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          send(res, 405, message(`Method ${req.method} is not allowed; data endpoints answer GET.`), { Allow: 'GET, OPTIONS' });
          return;
        }
        const refusal = store.refusal(req);
        if (refusal) {
          send(res, 401, message(refusal === 'missing'
            ? 'Missing API key: send it in the x-apikey header.'
            : 'Invalid API key.'));
          return;
        }
        // answers depend on the request and on the day only: a first, cheap cache on the raw request line,
        // holding each answer encoded, and gzipped for clients that accept it (browsers do)
        const rawKey = `${dataApi.today()} ${req.url}`;
        const gzipOk = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
        let entry = rawCache.get(rawKey);
        try {
          if (!entry) {
            const plain = Buffer.from(dataApi.answer(r.op, r.projectId, queryParams(url)));
            entry = { plain, gzip: plain.length >= GZIP_MIN_BYTES ? gzipSync(plain, { level: 1 }) : undefined };
            rawCache.set(rawKey, entry);
          }
          if (entry.gzip) appendVary(res, 'Accept-Encoding');
          if (gzipOk && entry.gzip) send(res, 200, entry.gzip, { 'Content-Encoding': 'gzip' });
          else send(res, 200, entry.plain);
        } catch (e) {
          if (e instanceof ApiError) send(res, e.status, message(e.message));
          else {
            console.error('sandbox: internal error', e);
            send(res, 500, message('Internal error.'));
          }
        }
        return;
      }
    }
    if (integration.handle && (await integration.handle(req, res, url))) return;
    if (path === '/' && req.method === 'GET') {
      send(res, 200, JSON.stringify({
        name: 'Vantage sandbox', dataBaseUrl: `${origin}${prefix}`, integrationBaseUrl: `${origin}${INTEGRATION_BASE_PATH}`,
        projects: PROJECTS.map((p) => ({ id: p.id, name: p.name, chains: p.chains, webAnalytics: p.webAnalytics })),
        auth: 'send the API key in the x-apikey header',
      }));
      return;
    }
    send(res, 404, message(`Not found: ${req.method} ${path}`));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      console.error('sandbox: internal error', e);
      if (!res.headersSent) send(res, 500, message('Internal error.'));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;

  const host = opts.host ?? DEFAULT_HOST;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const h = addr.family === 'IPv6' || host.includes(':') ? `[${addr.address}]` : host;
  origin = `http://${h}:${addr.port}`;
  hostAllowed = createHostCheck({ port: addr.port, host, allowedHosts: opts.allowedHosts });
  // scoreAsOf: the integration API judges scores at the dataset's clock (ignored by versions without it)
  const ctx = {
    wallets: dataset, isAuthorized: store.isAuthorized, origin, scoreAsOf: () => dataset.nowSeconds(),
    maxSessions: opts.maxSessions, maxProofJobs: opts.maxProofJobs, prover: opts.prover,
    warmProver: opts.warm !== false,
  };
  integration.handle = createIntegrationHandler(ctx);

  return {
    origin,
    dataBaseUrl: `${origin}${prefix}`,
    integrationBaseUrl: `${origin}${INTEGRATION_BASE_PATH}`,
    apiKey: keys[0]!,
    dataset,
    dataApi,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
      // the integration service may hold a prover process
      await (integration.handle as { close?: () => Promise<void> } | undefined)?.close?.();
    },
  };
}
