import { toErrorInfo, type ApiErrorInfo, type ApiErrorKind } from '@/lib/api/errors.ts';
import { pooled } from '@/lib/async/pooled.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { deliver, type DigestKind } from '@/lib/notify/digest.ts';
import type { Notifier, UserNotification } from '@/lib/notify/notifier.ts';
import { shortAddress, toChecksum } from '@/lib/score/address.ts';
import { bandLabel } from '@/lib/score/band-label.ts';
import type { ScoreLookupFn } from '@/lib/score/lookup.ts';
import type { WatchlistStore } from './store.ts';
import { bandChange, latestScore, withError, withScore, type BandChange, type WatchedAddress } from './watchlist.ts';

/**
 * One scheduled check of the watchlist: re-scores every watched address
 * through the score lookup (calculateCustomScore, fresh, through the
 * worker's client with its backoff and Retry-After), appends each score to
 * its history, and tells the user of the band changes it found: one
 * notification, a digest when there are several (lib/notify/digest.ts).
 *
 * Politely: a few requests at a time, and a rate limit (429) that outlasts
 * the client's own retries, a rejected key or a missing set-up ends the
 * round: the rest waits for the next alarm rather than hammering a service
 * that said stop.
 */

export interface CheckDeps {
  readonly store: WatchlistStore;
  /** The worker's score lookup; called with `fresh`, so the service is asked. */
  readonly lookup: ScoreLookupFn;
  readonly notifier: Notifier;
  readonly now: () => number;
  /** Lookups in flight at most (default CHECK_CONCURRENCY). */
  readonly concurrency?: number;
}

export const CHECK_CONCURRENCY = 4;

/** Errors that say "stop asking for now": every other address would get the same answer. */
const ENDS_ROUND: ReadonlySet<ApiErrorKind> = new Set(['rate-limited', 'not-configured', 'key-rejected']);

export interface ChangeSeen extends BandChange {
  readonly address: `0x${string}`;
  readonly model: string;
  readonly score: number;
}

export interface CheckReport {
  /** Addresses asked about. */
  readonly asked: number;
  readonly scored: number;
  readonly failed: number;
  /** Addresses not asked because the round ended early. */
  readonly skipped: number;
  readonly changes: readonly ChangeSeen[];
  /** Why the round ended early, if it did. */
  readonly stoppedBy?: ApiErrorKind;
}

type Outcome = { readonly at: number } & ({ readonly score: number } | { readonly error: ApiErrorInfo });

const keyOf = (w: { address: string; model: string }) => `${w.model}|${w.address}`;

/** The notification for a band change; one per (address, model), a newer one replacing the older. */
export function bandChangeNotification(c: ChangeSeen): UserNotification {
  return {
    id: `watch:${c.model}:${c.address}`,
    title: t('watch.notification.title', { band: bandLabel({ name: c.to }) }),
    message: t('watch.notification.message', { address: shortAddress(toChecksum(c.address)), model: c.model, from: bandLabel({ name: c.from }), to: bandLabel({ name: c.to }), score: formatNumber(c.score) }),
    target: { page: 'score', address: toChecksum(c.address), model: c.model },
  };
}

/** Several band changes from one check: one notification, leading to the watchlist. */
export const WATCH_DIGEST: DigestKind = {
  id: 'vantage-watch-digest',
  title: (count) => t('watch.digest.title', count, { count: formatNumber(count) }),
  more: (count) => t('watch.digest.more', { count: formatNumber(count) }),
  overview: { page: 'watchlist' },
};

export async function checkWatchlist(deps: CheckDeps): Promise<CheckReport> {
  const list = await deps.store.get();
  const outcomes = new Map<string, Outcome>();
  let stoppedBy: ApiErrorKind | undefined;

  await pooled(list.length, deps.concurrency ?? CHECK_CONCURRENCY, async (i) => {
    const w = list[i]!;
    try {
      const r = await deps.lookup({ address: w.address, scoreId: w.model }, { fresh: true });
      outcomes.set(keyOf(w), { at: deps.now(), score: r.score });
    } catch (e) {
      const error = toErrorInfo(e);
      outcomes.set(keyOf(w), { at: deps.now(), error });
      if (ENDS_ROUND.has(error.kind)) stoppedBy ??= error.kind;
    }
  }, () => stoppedBy !== undefined);

  // Applied to the list as it is now: an address removed meanwhile stays removed.
  const changes: ChangeSeen[] = [];
  if (outcomes.size) {
    await deps.store.update((current) => {
      changes.length = 0; // the update function may run on a list that changed since: count afresh
      return current.map((w): WatchedAddress => {
        const o = outcomes.get(keyOf(w));
        if (!o) return w;
        if ('error' in o) return withError(w, o.at, o.error);
        const change = bandChange(latestScore(w), o.score);
        if (change) changes.push({ ...change, address: w.address, model: w.model, score: o.score });
        return withScore(w, o.at, o.score);
      });
    });
  }
  // Told after the history is stored: a click on the notification finds the new score.
  if (changes.length) {
    await deliver(deps.notifier, changes.map(bandChangeNotification), WATCH_DIGEST)
      .catch((e: unknown) => console.warn('Vantage: a band change could not be shown:', String(e)));
  }

  const failed = [...outcomes.values()].filter((o) => 'error' in o).length;
  return {
    asked: outcomes.size,
    scored: outcomes.size - failed,
    failed,
    skipped: list.length - outcomes.size,
    changes: [...changes],
    ...(stoppedBy ? { stoppedBy } : {}),
  };
}

/** Runs one check at a time: an alarm and a "check now" arriving together share one round. */
export function oneAtATime<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };
}
