import { describe, expect, it } from 'vitest';
import { cacheScope, generateScopeSecret, inScope, scopedKey } from '@/lib/cache/scope.ts';
import { defaultSettings } from '@/lib/settings/schema.ts';

const KEY = 'vantage-sandbox-demo-key';

describe('cache scope', () => {
  it('is the same for the same service, key and install', async () => {
    const secret = await generateScopeSecret();
    expect(await cacheScope(defaultSettings, KEY, secret)).toBe(await cacheScope({ ...defaultSettings }, KEY, secret));
    expect(await cacheScope(defaultSettings, KEY, secret)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('differs with the key, either base URL, and the install', async () => {
    const secret = await generateScopeSecret();
    const scopes = await Promise.all([
      cacheScope(defaultSettings, KEY, secret),
      cacheScope(defaultSettings, 'another-account-key', secret),
      cacheScope({ ...defaultSettings, dataBaseUrl: 'https://api.example.com/dev' }, KEY, secret),
      cacheScope({ ...defaultSettings, integrationBaseUrl: 'https://api.example.com/v1' }, KEY, secret),
      cacheScope(defaultSettings, KEY, await generateScopeSecret()),
    ]);
    expect(new Set(scopes).size).toBe(scopes.length);
  });

  it('does not let parts run into each other', async () => {
    const secret = await generateScopeSecret();
    const a = await cacheScope({ dataBaseUrl: 'https://a.example/x', integrationBaseUrl: 'https://b.example/v1' }, 'k', secret);
    const b = await cacheScope({ dataBaseUrl: 'https://a.example/', integrationBaseUrl: 'xhttps://b.example/v1' }, 'k', secret);
    expect(a).not.toBe(b);
  });

  it('cannot be worked out from the key without the install\'s secret, and never holds the key', async () => {
    const secret = await generateScopeSecret();
    const scope = await cacheScope(defaultSettings, KEY, secret);
    expect(scope).not.toContain(KEY);
    // Someone who reads storage and guesses the key still cannot check the guess: the plain hashes do not match.
    const input = new TextEncoder().encode(JSON.stringify([defaultSettings.dataBaseUrl, defaultSettings.integrationBaseUrl, KEY]));
    const plain = Buffer.from(await crypto.subtle.digest('SHA-256', input)).toString('hex');
    expect(plain.startsWith(scope)).toBe(false);
    await expect(crypto.subtle.exportKey('raw', secret)).rejects.toThrow();
  });

  it('tells which stored keys belong to a scope', () => {
    expect(inScope('abc')(scopedKey('abc', 'holderChange?project_id=nebula'))).toBe(true);
    expect(inScope('abc')(scopedKey('abcd', 'holderChange'))).toBe(false);
    expect(inScope(null)(scopedKey('abc', 'holderChange'))).toBe(false);
  });
});
