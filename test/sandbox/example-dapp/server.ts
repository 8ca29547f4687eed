import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getOperation } from '@/lib/api/catalog.ts';
import { ProofSessions } from '@vantage/sdk/server';
import { createAcceptor, parseAsked, parseCandidate } from './accept.ts';

/**
 * The example dApp: a third-party site on its own origin, so the page origin
 * differs from the service's. It serves the page, its bundled script, snarkjs
 * for offline checks, the service's public keys (`/zk/…`, fetched by this
 * server, so the page needs nothing from the service's origin), and
 * `/api/verify`, its own backend call to the service's verify (the dApp's API
 * key stays here), `/api/accept`, every check a dApp server makes before it
 * believes a proof (accept.ts, on `@vantage/sdk/server`), and `/api/session`, the
 * no-extension path: the proof session run here with the dApp's key
 * (`@vantage/sdk/server`'s ProofSessions) for a browser without Vantage.
 */

export interface ExampleDappOptions {
  /** The sandbox origin: the proof keys are public at `{serviceOrigin}/zk/…`. */
  readonly serviceOrigin: string;
  /** The integration base (`{origin}/v1`), for verify. */
  readonly integrationBaseUrl: string;
  /** This dApp's API key for the service (used server-side only). */
  readonly apiKey: string;
  readonly port?: number;
  /** The address it listens on (default 127.0.0.1). */
  readonly host?: string;
  /**
   * The hostname browsers use for it (default: `host`), e.g. `dapp.localhost` or a made-up
   * name the test browser maps to 127.0.0.1: a host the extension holds no permission for.
   */
  readonly publicHost?: string;
  /** Serve https with this certificate (PEM) instead of plain http. */
  readonly tls?: { readonly key: string; readonly cert: string };
}

export interface ExampleDapp {
  readonly origin: string;
  close(): Promise<void>;
}

export const DEFAULT_DAPP_PORT = 8790;
/**
 * The demo's hostname. Browsers resolve `*.localhost` to the loopback address themselves, and the
 * extension's manifest grants `localhost` and `127.0.0.1` only, so the demo dApp gets what a real
 * dApp gets: no host permission, its tab's URL hidden from the extension.
 */
export const DEMO_DAPP_HOST = 'dapp.localhost';
const here = dirname(fileURLToPath(import.meta.url));
/** The repository root, which `@/` names in app.ts's imports of the shared contract (as in tsconfig.json). */
const repoRoot = join(here, '../../..');
const MAX_BODY = 64 * 1024;

/** The page script, bundled once per process (it imports the band table and the checks). */
let bundle: Promise<string> | undefined;
function appBundle(): Promise<string> {
  bundle ??= (async () => {
    const { build } = await import('vite');
    const out = await build({
      configFile: false,
      logLevel: 'silent',
      root: here,
      resolve: { alias: [{ find: '@', replacement: repoRoot }] },
      build: { write: false, minify: false, lib: { entry: join(here, 'app.ts'), formats: ['es'], fileName: 'app' } },
    });
    const first = (Array.isArray(out) ? out[0] : out) as { output: { type: string; code?: string }[] };
    const chunk = first.output.find((o) => o.type === 'chunk');
    if (!chunk?.code) throw new Error('The example dApp script did not bundle.');
    return chunk.code;
  })();
  bundle.catch(() => (bundle = undefined));
  return bundle;
}

function snarkjsPath(): string {
  // The prebuilt browser bundle (global `snarkjs`), next to the package's main file.
  return join(dirname(createRequire(import.meta.url).resolve('snarkjs')), 'snarkjs.min.js');
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

function send(res: ServerResponse, status: number, type: keyof typeof TYPES, body: string | Buffer): void {
  res.writeHead(status, { 'content-type': TYPES[type]!, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('Request body too large.');
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

export async function startExampleDapp(opts: ExampleDappOptions): Promise<ExampleDapp> {
  const verifyUrl = `${opts.integrationBaseUrl.replace(/\/+$/, '')}${getOperation('verifyProof').path}`;
  const serviceVerify = (body: string) => fetch(verifyUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-apikey': opts.apiKey }, body });
  const accept = createAcceptor({
    serviceVerify: async (proof) => ((await (await serviceVerify(JSON.stringify({ proof }))).json()) as { valid?: boolean }).valid === true,
    // @vantage/sdk/server fetches the service's public keys from `{serviceOrigin}/zk/…` once.
    trust: { serviceOrigin: opts.serviceOrigin },
  });
  const scheme = opts.tls ? 'https' : 'http';
  // The no-extension path, one set of sessions per site this server plays (a bound session names the site).
  const sessionsBySite = new Map<string, ProofSessions>();
  const sessionsFor = (origin: string) => {
    let sessions = sessionsBySite.get(origin);
    if (!sessions) {
      sessions = new ProofSessions({ apiKey: opts.apiKey, integrationBaseUrl: opts.integrationBaseUrl, proofPageTemplate: `${opts.serviceOrigin}/proof/{sessionId}`, origin });
      sessionsBySite.set(origin, sessions);
    }
    return sessions;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://dapp').pathname;
    if (req.method === 'GET') {
      switch (path) {
        case '/':
        case '/index.html':
          return send(res, 200, 'html', await readFile(join(here, 'index.html')));
        case '/dapp.css':
          return send(res, 200, 'css', await readFile(join(here, 'dapp.css')));
        case '/app.js':
          return send(res, 200, 'js', await appBundle());
        case '/vendor/snarkjs.min.js':
          return send(res, 200, 'js', await readFile(snarkjsPath()));
        case '/zk/verification_key.json':
        case '/zk/attestation_key.json': {
          const key = await fetch(`${opts.serviceOrigin}${path}`);
          return send(res, key.status, 'json', await key.text());
        }
      }
    }
    if (req.method === 'POST' && path === '/api/verify') {
      // The dApp's backend: forwards the proof to the service's verify with the dApp's key.
      const answer = await serviceVerify(await readBody(req));
      return send(res, answer.status, 'json', await answer.text());
    }
    if (req.method === 'POST' && path === '/api/session') {
      let body: unknown;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        body = null;
      }
      // The demo asks what its form says (a real server decides it itself: docs/page-api.md, ProofAsks).
      const { status, body: answer } = await sessionsFor(`${scheme}://${req.headers.host ?? ''}`).handle(body, { ask: parseAsked });
      return send(res, status, 'json', JSON.stringify(answer));
    }
    if (req.method === 'POST' && path === '/api/accept') {
      let candidate;
      try {
        candidate = parseCandidate(JSON.parse(await readBody(req)));
      } catch {
        candidate = null;
      }
      if (!candidate) return send(res, 400, 'json', JSON.stringify({ message: 'Expected { proof, asked, committedWeb2Id }.' }));
      // This one server plays several made-up sites in the tests, so "this site" is the host it was reached
      // at; a real dApp's server uses its one configured origin.
      const origin = `${scheme}://${req.headers.host ?? ''}`;
      return send(res, 200, 'json', JSON.stringify(await accept(candidate, origin)));
    }
    send(res, 404, 'json', JSON.stringify({ message: `Not found: ${req.method} ${path}` }));
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, 'json', JSON.stringify({ message: e instanceof Error ? e.message : String(e) }));
      else res.destroy();
    });
  };
  const server = opts.tls ? createHttpsServer({ key: opts.tls.key, cert: opts.tls.cert }, listener) : createHttpServer(listener);
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? DEFAULT_DAPP_PORT, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${scheme}://${opts.publicHost ?? host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
