import { ApiError } from '@/lib/api/errors.ts';
import { t } from '@/lib/i18n/index.ts';
import type { ScopedCache } from '@/lib/cache/scoped-cache.ts';
import type { ServiceContext } from '@/lib/cache/service-scope.ts';
import { cacheKey } from '@/lib/cache/swr.ts';
import { isRecord } from '@/lib/api/body.ts';
import type { Settings } from '@/lib/settings/schema.ts';
import { checkAddress } from './address.ts';
import type { RecentLookup } from './recent.ts';
import { judgeScore } from './verdict.ts';

/**
 * The worker's score lookup: checks the address, answers from the cache when
 * the same (address, model) was looked up moments ago, else asks
 * calculateCustomScore. Only real scores are cached and remembered.
 */

export interface ScoreLookupRequest {
  readonly address: string;
  /** Empty or absent: the model chosen in Options. */
  readonly scoreId?: string;
}

export interface ScoreLookup {
  /** Lower-case, as sent. */
  readonly address: `0x${string}`;
  readonly checksummed: `0x${string}`;
  readonly scoreId: string;
  readonly score: number;
  /** Every other property the model returned. */
  readonly extras: Readonly<Record<string, unknown>>;
  /** Epoch ms the service answered (earlier than now when served from the cache). */
  readonly fetchedAt: number;
}

/** "Briefly": long enough to absorb repeated clicks and reopened popups, short enough to see a change soon. */
export const SCORE_TTL_MS = 2 * 60_000;
const MAX_SCORE_ID = 100;

/**
 * What the cache keeps. The extras travel as JSON text because extension
 * storage sorts object keys, and the model's own order (of the breakdown,
 * say) is worth showing as sent.
 */
interface CachedScore {
  readonly score: number;
  readonly extrasJson: string;
}

function cachedExtras(v: unknown): Readonly<Record<string, unknown>> | null {
  if (!isRecord(v) || typeof v.score !== 'number' || v.score === 0 || typeof v.extrasJson !== 'string') return null;
  try {
    const extras: unknown = JSON.parse(v.extrasJson);
    return isRecord(extras) ? extras : null;
  } catch {
    return null;
  }
}

export interface ScoreLookupDeps {
  /** The model chosen in Options, used when a request names none. */
  readonly settings: () => Promise<Pick<Settings, 'scoreId'>>;
  /** The worker's cache; it hands each fetch the client of the scope it stores under. */
  readonly cache: ScopedCache<ServiceContext>;
  readonly remember: (entry: RecentLookup) => Promise<void>;
}

export interface LookupOptions {
  /**
   * Asks the service now, whatever is cached, and keeps the answer out of the
   * cache and the recent lookups: a scheduled re-score of a watched address.
   * The cache is plain storage.local, which Firefox's content scripts can read.
   */
  readonly fresh?: boolean;
}

export type ScoreLookupFn = (req: ScoreLookupRequest, options?: LookupOptions) => Promise<ScoreLookup>;

export function createScoreLookup(deps: ScoreLookupDeps): ScoreLookupFn {
  return async (req, options = {}) => {
    const checked = checkAddress(req.address);
    if (!checked.ok) throw new ApiError({ kind: 'invalid-params', operation: 'calculateCustomScore', param: 'entity_address', message: checked.message });
    const settings = await deps.settings();
    const scoreId = (typeof req.scoreId === 'string' ? req.scoreId.trim() : '') || settings.scoreId;
    if (!scoreId || scoreId.length > MAX_SCORE_ID) {
      throw new ApiError({ kind: 'invalid-params', operation: 'calculateCustomScore', param: 'scoreId', message: t('score.chooseModel') });
    }

    const fetchScore = async ({ client }: ServiceContext): Promise<CachedScore> => {
      const result = await client.call('calculateCustomScore', { entity_address: checked.address, scoreId });
      const verdict = judgeScore(result);
      if (!verdict.ok) throw new ApiError({ kind: 'bad-response', operation: 'calculateCustomScore', message: verdict.message });
      return { score: verdict.score, extrasJson: JSON.stringify(result.extras) };
    };
    const key = cacheKey('calculateCustomScore', { entity_address: checked.address, scoreId });
    if (options.fresh) {
      const { score, extrasJson } = await deps.cache.uncached(fetchScore);
      return { address: checked.address, checksummed: checked.checksummed, scoreId, score, extras: cachedExtras({ score, extrasJson }) ?? {}, fetchedAt: Date.now() };
    }
    let entry = await deps.cache.get(key, fetchScore, { ttlMs: SCORE_TTL_MS });
    let extras = cachedExtras(entry.value);
    // A damaged or foreign cache entry is never shown as a score.
    if (!extras) {
      entry = await deps.cache.refresh(key, fetchScore);
      extras = cachedExtras(entry.value) ?? {};
    }
    const { score } = entry.value as CachedScore;

    await deps.remember({ address: checked.address, scoreId, score, at: entry.storedAt }).catch(() => undefined);
    return { address: checked.address, checksummed: checked.checksummed, scoreId, score, extras, fetchedAt: entry.storedAt };
  };
}
