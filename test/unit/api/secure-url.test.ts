import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isSecureHttpUrl } from '@/lib/api/secure-url.ts';
import { mayRequestProofs } from '@/lib/proof/origins.ts';

const secure = [
  'https://api.example.com/dev',
  'https://10.0.0.5',
  'http://localhost:8787/dev',
  'http://sandbox.localhost/v1',
  'http://127.0.0.1:8787',
  'http://127.255.1.2',
  'http://127.1', // the URL parser spells it 127.0.0.1
  'http://[::1]:8787/dev',
  'http://[0:0:0:0:0:0:0:1]',
];
const insecure = [
  'http://api.example.com/dev',
  'http://10.0.0.5:8787',
  'http://192.168.1.10',
  'http://128.0.0.1',
  'http://localhost.evil.example',
  'http://127.0.0.1.nip.io',
  'http://[::2]',
  'http://[::ffff:127.0.0.1]',
  'ftp://localhost/x',
  'ws://localhost/x',
];

describe('isSecureHttpUrl', () => {
  it.each(secure)('accepts %s', (url) => expect(isSecureHttpUrl(new URL(url))).toBe(true));
  it.each(insecure)('refuses %s', (url) => expect(isSecureHttpUrl(new URL(url))).toBe(false));

  it('is the rule for which sites may request proofs, too', () => {
    for (const url of [...secure, ...insecure]) expect(mayRequestProofs(new URL(url).origin), url).toBe(isSecureHttpUrl(new URL(url)));
  });
});

describe('isLoopbackHost', () => {
  it('takes hostnames as URL spells them', () => {
    expect(['localhost', 'a.b.localhost', '127.0.0.1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['localhost.example', 'mylocalhost', '127.0.0', '1.127.0.0.1', '::1', ''].some(isLoopbackHost)).toBe(false);
  });
});
