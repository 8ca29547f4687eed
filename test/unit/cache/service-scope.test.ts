import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { cacheScope, generateScopeSecret } from '@/lib/cache/scope.ts';
import { inputsDigest, scopeMemoItem } from '@/lib/cache/scope-memo.ts';
import { currentScope, followScope, makeServiceContext, serviceChanged } from '@/lib/cache/service-scope.ts';
import { defaultSettings } from '@/lib/settings/schema.ts';
import { memoryKey, memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { saveSettingsAndKey, settingsItem } from '@/lib/settings/store.ts';
import { saveKey } from '@/test/unit/fakes/save-key.ts';
import { eventually } from '@/test/unit/eventually.ts';

describe('cache scoped to the configured service and key', () => {
  beforeEach(() => fakeBrowser.reset());

  it('sees a change of either base URL, not of other settings', () => {
    expect(serviceChanged(defaultSettings, { ...defaultSettings, minScore: 700 })).toBe(false);
    expect(serviceChanged(defaultSettings, { ...defaultSettings, dataBaseUrl: 'https://api.example.com/dev' })).toBe(true);
    expect(serviceChanged(defaultSettings, { ...defaultSettings, integrationBaseUrl: 'https://int.example.com/v1' })).toBe(true);
  });

  it('has no scope without a key, and one per key and service', async () => {
    const vault = memoryVault();
    const secret = memoryKey(generateScopeSecret);
    expect(await currentScope(vault, secret)).toBeNull();
    await saveKey(vault, 'key-a');
    const a = await currentScope(vault, secret);
    await saveKey(vault, 'key-a', true); // the same key, kept for the session only: the same account
    expect(await currentScope(vault, secret)).toBe(a);
    await saveKey(vault, 'key-b');
    expect(await currentScope(vault, secret)).not.toBe(a);
  });

  it('keeps the scope for the session: the same settings and key again open no secret; another key or service does', async () => {
    const vault = memoryVault();
    const real = memoryKey(generateScopeSecret);
    const secret = { getKey: vi.fn(() => real.getKey()) };
    await saveKey(vault, 'key-a');
    const a = await currentScope(vault, secret);
    expect(a).toBe(await cacheScope(defaultSettings, 'key-a', await real.getKey()));
    expect(secret.getKey).toHaveBeenCalledTimes(1);
    // Another context (the page, a restarted worker) reading the same settings and key: from the memo.
    expect(await currentScope(vault, secret)).toBe(a);
    expect(secret.getKey).toHaveBeenCalledTimes(1);

    await saveKey(vault, 'key-b');
    const b = await currentScope(vault, secret);
    expect(b).toBe(await cacheScope(defaultSettings, 'key-b', await real.getKey()));
    expect(secret.getKey).toHaveBeenCalledTimes(2);
    await settingsItem.setValue({ ...defaultSettings, dataBaseUrl: 'https://api.example.com/dev' });
    expect(await currentScope(vault, secret)).toBe(await cacheScope({ ...defaultSettings, dataBaseUrl: 'https://api.example.com/dev' }, 'key-b', await real.getKey()));
    expect(secret.getKey).toHaveBeenCalledTimes(3);
    // The memo holds a digest, never the key.
    expect(JSON.stringify(await scopeMemoItem.getValue())).not.toContain('key-b');
  });

  it('uses no memo of other settings or key, nor one that is not a memo; without a key there is no scope, memo or not', async () => {
    const vault = memoryVault();
    const secret = memoryKey(generateScopeSecret);
    await saveKey(vault, 'key-a');
    const expected = await cacheScope(defaultSettings, 'key-a', await secret.getKey());
    for (const memo of [{ of: await inputsDigest(defaultSettings, 'key-b'), scope: 'of-key-b' }, { of: 'x', scope: 'forged' }, 'garbage', { scope: 'no digest' }]) {
      await scopeMemoItem.setValue(memo as never);
      expect(await currentScope(vault, secret)).toBe(expected);
    }
    await saveKey(vault, '');
    expect(await currentScope(vault, secret)).toBeNull();
  });

  it('follows the scope through key and service changes, in order, and not through other settings', async () => {
    const vault = memoryVault();
    const secret = memoryKey(generateScopeSecret);
    const scopeOf = async (dataBaseUrl: string, key: string) => cacheScope({ ...defaultSettings, dataBaseUrl }, key, await secret.getKey());
    const adopted: (string | null)[] = [];
    followScope(() => currentScope(vault, secret), (scope) => adopted.push(scope));
    await saveKey(vault, 'key-a');
    await eventually(() => expect(adopted).toHaveLength(1));
    await settingsItem.setValue({ ...defaultSettings, minScore: 700 });
    await saveKey(vault, 'key-b');
    await eventually(() => expect(adopted).toHaveLength(2));
    // Nothing came of the minScore change: the second call is the key's.
    expect(adopted[1]).toBe(await scopeOf(defaultSettings.dataBaseUrl, 'key-b'));
    await saveSettingsAndKey(vault, { ...defaultSettings, dataBaseUrl: 'https://api.example.com/dev' }, 'key-a');
    await saveKey(vault, '');
    await eventually(() => expect(adopted.at(-1)).toBeNull());
    // One save can touch several watched items: what counts is the sequence of scopes.
    const changes = adopted.filter((scope, i) => i === 0 || scope !== adopted[i - 1]);
    expect(changes).toEqual([
      await scopeOf(defaultSettings.dataBaseUrl, 'key-a'),
      await scopeOf(defaultSettings.dataBaseUrl, 'key-b'),
      await scopeOf('https://api.example.com/dev', 'key-a'),
      null,
    ]);
  });

  it('a worker\'s fetches share one read of the settings, key and scope until one of them changes; the host grant is asked each time', async () => {
    const vault = memoryVault();
    const unseals = vi.spyOn(vault, 'getKey');
    const secret = memoryKey(generateScopeSecret);
    await saveKey(vault, 'key-a');
    const expected = await currentScope(vault, secret);
    unseals.mockClear();
    const hosts = vi.fn(async () => true);
    const context = makeServiceContext(vault, secret, hosts);
    const [a, b, c] = await Promise.all([context(), context(), context()]);
    expect(new Set([a.scope, b.scope, c.scope])).toEqual(new Set([expected]));
    await context();
    // The sealed key was opened once for the four.
    expect(unseals).toHaveBeenCalledTimes(1);
    expect(hosts).toHaveBeenCalledTimes(4);

    await saveKey(vault, 'key-b');
    await eventually(async () => expect((await context()).scope).toBe(await cacheScope(defaultSettings, 'key-b', await secret.getKey())));
    await saveKey(vault, '');
    await eventually(() => expect(context()).rejects.toMatchObject({ kind: 'not-configured' }));
  });

  it('a refused host grant refuses the fetch even with the settings already read', async () => {
    const vault = memoryVault();
    await saveKey(vault, 'key-a');
    let granted = true;
    const context = makeServiceContext(vault, memoryKey(generateScopeSecret), async () => granted);
    await context();
    granted = false;
    await expect(context()).rejects.toMatchObject({ kind: 'not-configured' });
  });
});
