import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through HTTP proxy in front of the sandbox that records every
 * request path: the extension is pointed at it, so a test can prove which
 * calls were (or were not) made, including ones from the service worker,
 * whose fetches Playwright does not report.
 */
export interface RequestLog {
  readonly origin: string;
  /** Paths with query, in arrival order (CORS preflights excluded). */
  readonly paths: readonly string[];
  close(): Promise<void>;
}

export async function startRequestLog(target: string): Promise<RequestLog> {
  const paths: string[] = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    if (req.method !== 'OPTIONS') paths.push(req.url ?? '');
    const out = httpRequest(
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
  });
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
