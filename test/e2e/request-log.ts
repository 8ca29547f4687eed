import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveHttps, type TlsIdentity } from './https-site.ts';

/**
 * A pass-through HTTP proxy in front of the sandbox that records every
 * request path: the extension is pointed at it, so a test can prove which
 * calls were (or were not) made, including ones from the service worker,
 * whose fetches Playwright does not report. With `https`, it is the service
 * as users see it: https on a hostname of its own.
 */
export interface RequestLog {
  readonly origin: string;
  /** Paths with query, in arrival order (CORS preflights excluded). */
  readonly paths: readonly string[];
  /** The same requests with their wall-clock times (epoch ms): arrival here, and the answer's last byte sent. */
  readonly timings: readonly RequestTiming[];
  close(): Promise<void>;
}

export interface RequestTiming {
  readonly path: string;
  readonly start: number;
  /** Undefined until the answer is sent. */
  end?: number;
}

/** An answer the proxy sends itself instead of the sandbox's: what a sloppy or broken deployment sends. */
export interface CannedAnswer {
  readonly status: number;
  /** Sent as is (no body for 204). */
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RequestLogOptions {
  /** Serve https as `host` (which the browser must resolve to 127.0.0.1: LaunchSpec.hosts). */
  readonly https?: { readonly host: string; readonly tls: TlsIdentity };
  /** Asked for every request (path with query): a canned answer replaces the sandbox's; undefined passes it through. */
  readonly answer?: (path: string) => CannedAnswer | undefined;
  /** The path the sandbox is asked for instead (the log records the path as sent). */
  readonly rewrite?: (path: string) => string;
}

export async function startRequestLog(target: string, opts: RequestLogOptions = {}): Promise<RequestLog> {
  const paths: string[] = [];
  const timings: RequestTiming[] = [];
  const upstream = new URL(target);
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'OPTIONS') {
      const timing: RequestTiming = { path: req.url ?? '', start: Date.now() };
      paths.push(timing.path);
      timings.push(timing);
      res.on('finish', () => (timing.end = Date.now()));
    }
    const canned = opts.answer?.(req.url ?? '');
    if (canned) {
      req.resume();
      res.writeHead(canned.status, { 'access-control-allow-origin': '*', 'content-type': 'application/json', ...canned.headers });
      res.end(canned.status === 204 ? undefined : canned.body);
      return;
    }
    const out = httpRequest(
      // The sandbox answers only to its own Host name.
      { host: upstream.hostname, port: upstream.port, method: req.method, path: opts.rewrite ? opts.rewrite(req.url ?? '') : req.url, headers: { ...req.headers, host: upstream.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  };
  if (opts.https) {
    const site = await serveHttps(opts.https.host, opts.https.tls, forward);
    return { origin: site.origin, paths, timings, close: () => site.close() };
  }
  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    paths,
    timings,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
