import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * https on made-up hostnames, as real dApps and services are: a self-signed
 * certificate made at test time with openssl, and servers on 127.0.0.1 that
 * the browser reaches by name (LaunchSpec.hosts maps the names to 127.0.0.1
 * and accepts the certificate). The extension holds no permission for them.
 */

export interface TlsIdentity {
  readonly key: string;
  readonly cert: string;
}

export async function selfSignedCert(hosts: readonly string[]): Promise<TlsIdentity> {
  const dir = await mkdtemp(join(tmpdir(), 'vantage-tls-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    await promisify(execFile)('openssl', [
      // P-256 rather than RSA: as good for a test's https, and made (~5×) and used in each handshake for less CPU.
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', `/CN=${hosts[0]}`,
      '-addext', `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(',')}`,
      '-keyout', key, '-out', cert,
    ]);
    return { key: await readFile(key, 'utf8'), cert: await readFile(cert, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface HttpsSite {
  /** `https://<host>:<port>` */
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves `handler` over https on 127.0.0.1, addressed as `host`. */
export async function serveHttps(
  host: string,
  tls: TlsIdentity,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<HttpsSite> {
  const server: Server = createServer(tls, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A one-page https site: `html` at every path. */
export function servePage(host: string, tls: TlsIdentity, html: string): Promise<HttpsSite> {
  return serveHttps(host, tls, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
}
