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
  close(): Promise<void>;
}

export interface RequestLogOptions {
  /** Serve https as `host` (which the browser must resolve to 127.0.0.1: LaunchSpec.hosts). */
  readonly https?: { readonly host: string; readonly tls: TlsIdentity };
}

export async function startRequestLog(target: string, opts: RequestLogOptions = {}): Promise<RequestLog> {
  const paths: string[] = [];
  const upstream = new URL(target);
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'OPTIONS') paths.push(req.url ?? '');
    const out = httpRequest(
      // The sandbox answers only to its own Host name.
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
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
    return { origin: site.origin, paths, close: () => site.close() };
  }
  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
