import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A throwaway self-signed certificate for made-up test hostnames, made with
 * the system's openssl at test time (nothing is committed, nothing outlives
 * the run). The test browsers are told to accept it.
 */
export async function selfSignedCertificate(hosts: readonly string[]): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'vantage-tls-'));
  try {
    await promisify(execFile)('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2',
      '-subj', `/CN=${hosts[0]}`,
      '-addext', `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(',')}`,
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ]);
    const [key, cert] = await Promise.all([readFile(join(dir, 'key.pem'), 'utf8'), readFile(join(dir, 'cert.pem'), 'utf8')]);
    return { key, cert };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
