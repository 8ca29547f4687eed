import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect } from 'preact/hooks';
import { describeError } from '@/lib/api/errors.ts';
import type { DataOperationId } from '@/lib/api/catalog.ts';
import { formatAge } from '@/lib/format/age.ts';
import { hasData, type ViewOf } from '@/lib/stats/operation-views.ts';
import { acceptsParam, type StatsRequest } from '@/lib/stats/query.ts';
import { missingWebAnalytics } from '@/lib/stats/web-analytics.ts';
import { isSharedError, useNow, useStatsContext } from './context.ts';
import { lazy } from '@/components/ui/lazy.tsx';
import { ErrorNotice } from './ErrorNotice.tsx';
import { markPainted } from './painted.ts';
import { AsOf } from './partial-day.ts';
import { useStat } from './use-stat.ts';

export interface BlockProps<Id extends DataOperationId> {
  /** Names the block's options. (Its CSV files are named by its operation's tables: lib/stats/operation-views.ts.) */
  readonly id: string;
  readonly title: string;
  readonly op: Id;
  /** Operation-specific parameters (thresholds, type, limit). */
  readonly extra?: Readonly<Record<string, string | number>>;
  /** Option controls shown in the header. */
  readonly controls?: ComponentChildren;
  readonly wide?: boolean;
  readonly children: (view: ViewOf<Id>) => ComponentChildren;
}

/** The placeholder of a block, or of a section, whose content is still loading. */
export function Loading() {
  return <div class="skeleton-block" aria-busy="true" aria-label="Loading" />;
}

const CsvButtons = lazy(() => import('./CsvButtons.tsx').then((m) => m.CsvButtons));

const FILTER_WORDS = { chainId: 'chain', tokenId: 'token', dapp: 'DApp' } as const;

/**
 * The one pattern every stats block follows: its own request (started when
 * it mounts), a skeleton while nothing is known, the cached answer at once
 * with its age, "no data" for an empty answer, and errors with the way out.
 * A failing block never touches its neighbours.
 */
export function Block<Id extends DataOperationId>({ id, title, op, extra, controls, wide, children }: BlockProps<Id>) {
  const ctx = useStatsContext();
  const now = useNow();
  const request: StatsRequest & { op: Id } = { op, filters: ctx.filters, extra };
  // The popup's blocks are copied to the paint snapshot: its next open paints them in the first frame.
  const { state, view, reload } = useStat(request, ctx.refreshToken, ctx.layout === 'popup');
  const ready = state.status === 'ready' && view !== null;
  const filled = ready && hasData(op, view);
  const ignored = (Object.keys(FILTER_WORDS) as (keyof typeof FILTER_WORDS)[])
    .filter((f) => ctx.filters[f].trim() && !acceptsParam(op, f))
    .map((f) => FILTER_WORDS[f]);

  useLayoutEffect(() => {
    if (ready) markPainted(state.entry.storedAt);
  }, [ready]);

  const error = state.status === 'loading' ? null : state.error;
  useEffect(() => {
    ctx.reportError(id, error);
  }, [error]);
  useEffect(() => () => ctx.reportError(id, null), []);
  const shared = error !== null && isSharedError(error);
  const noAnalytics = state.status === 'error' && missingWebAnalytics(op, state.error);
  return (
    <article class={`block${wide ? ' block-wide' : ''}`} data-block={id} data-state={noAnalytics ? 'no-analytics' : state.status} aria-labelledby={`block-${id}`}>
      <header class="block-head">
        <h3 id={`block-${id}`}>{title}</h3>
        {controls && <div class="block-controls">{controls}</div>}
      </header>
      {ignored.length > 0 && <p class="hint">Not filtered by {ignored.join(' or ')}.</p>}
      {state.status === 'loading' && <Loading />}
      {noAnalytics && (
        <p class="notice notice-info" data-no-analytics>
          This project has no web-analytics integration, so there is no {title.toLowerCase()} data. It appears once
          the project sets up web analytics with the service.
        </p>
      )}
      {state.status === 'error' && shared && <p class="empty">Not available: see the notice above.</p>}
      {state.status === 'error' && !shared && !noAnalytics && <ErrorNotice error={state.error} onRetry={reload} />}
      {ready && (filled ? <AsOf.Provider value={state.entry.storedAt}>{children(view)}</AsOf.Provider> : <p class="empty">No data for this project and time range.</p>)}
      {state.status === 'ready' && error && !shared && <ErrorNotice error={error} onRetry={reload} stale />}
      {state.status !== 'loading' && (
        <footer class="block-foot">
          {state.status === 'ready' && (
            <span class="age" data-stored-at={state.entry.storedAt} title={new Date(state.entry.storedAt).toLocaleString()}>
              updated {formatAge(now - state.entry.storedAt)}
            </span>
          )}
          {state.status === 'ready' && error && shared && (
            <span class="not-updated" title={describeError(error)}>
              not updated
            </span>
          )}
          {(state.status === 'ready' || state.status === 'error') && state.refreshing && <span class="refreshing">refreshing…</span>}
          {ctx.layout === 'page' && filled && <CsvButtons op={op} view={view} project={ctx.filters.project} />}
        </footer>
      )}
    </article>
  );
}
