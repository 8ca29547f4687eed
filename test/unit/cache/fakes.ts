import type { ApiClient } from '@/lib/api/client.ts';
import { scopedKey } from '@/lib/cache/scope.ts';
import { scopedCache, type ScopedCache } from '@/lib/cache/scoped-cache.ts';
import type { ServiceContext } from '@/lib/cache/service-scope.ts';
import { createSwrCache, type CacheStore } from '@/lib/cache/swr.ts';
import { memoryStore } from '@/test/unit/fakes/memory-store.ts';

/** The one scope of testCache: features' tests that are not about scopes. */
export const TEST_SCOPE = 'test-scope';

/** Where testCache stores a cache key's entry. */
export const inTestScope = (key: string) => scopedKey(TEST_SCOPE, key);

/** A worker-like cache whose fetches all run with `client()` under TEST_SCOPE. */
export function testCache(
  client: () => Promise<ApiClient>,
  options: { readonly store?: CacheStore<unknown>; readonly ttlMs?: number; readonly now?: () => number } = {},
): ScopedCache<ServiceContext> {
  const swr = createSwrCache<unknown>({ store: options.store ?? memoryStore(), ttlMs: options.ttlMs ?? 60_000, now: options.now });
  return scopedCache(swr, async () => ({ scope: TEST_SCOPE, client: await client() }));
}
