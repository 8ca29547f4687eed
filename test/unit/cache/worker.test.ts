import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { WorkerDeps } from '@/lib/background/feature.ts';
import { generateScopeSecret } from '@/lib/cache/scope.ts';
import { currentScope } from '@/lib/cache/service-scope.ts';
import { cacheWorker } from '@/lib/cache/worker.ts';
import { memoryKey, memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { saveKey } from '@/test/unit/fakes/save-key.ts';
import { eventually } from '@/test/unit/eventually.ts';

/** The cache's worker side: it keeps only the answers of the account configured now. */
describe('cacheWorker', () => {
  beforeEach(() => fakeBrowser.reset());

  function setup() {
    const vault = memoryVault();
    const scopeSecret = memoryKey(generateScopeSecret);
    const retained: (string | null)[] = [];
    const retain = vi.fn(async (scope: string | null) => void retained.push(scope));
    cacheWorker.init({ vault, scopeSecret, cache: { retain } } as unknown as WorkerDeps).listen?.();
    return { vault, scopeSecret, retain, retained };
  }

  it('drops the old account’s answers when the key changes', async () => {
    const { vault, scopeSecret, retain, retained } = setup();
    expect(retain).not.toHaveBeenCalled();
    await saveKey(vault, 'key-a', false);
    await eventually(() => expect(retained).toEqual([expect.any(String)]));
    expect(retained[0]).toBe(await currentScope(vault, scopeSecret));
  });

  it('tidies the cache on install and update', async () => {
    const { retained } = setup();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.1', temporary: false });
    await eventually(() => expect(retained).toEqual([null]));
  });
});
