import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect } from 'preact/hooks';
import { describeError } from '@/lib/api/errors.ts';
import type { DataOperationId } from '@/lib/api/catalog.ts';
import type { StatMetricId } from '@/lib/stats/metrics.ts';
import { formatAge } from '@/lib/format/age.ts';
import { formatDateTime } from '@/lib/format/date.ts';
import { formatList } from '@/lib/format/list.ts';
import { t, uiLocale } from '@/lib/i18n/index.ts';
import { hasData, type ViewOf } from '@/lib/stats/operation-views.ts';
import { acceptsParam, type StatsRequest } from '@/lib/stats/query.ts';
import { missingWebAnalytics } from '@/lib/stats/web-analytics.ts';
import { errorAsShown, isSharedError, useNow, useStatsContext } from './context.ts';
import { lazy } from '@/components/ui/lazy.tsx';
import { AlertMe } from '@/components/alerts/AlertMe.tsx';
import { ErrorNotice } from './ErrorNotice.tsx';
import { markPainted } from './painted.ts';
import { AsOf } from './partial-day.ts';
import { ComparedAsOf, useCompare } from './compare-context.ts';
import { useComparedStat } from './compared-block.tsx';
import { ComparedStatus } from './compared-lazy.ts';
import { ComparedHeadlineContext, HeadlineContext, useCompleteStat, useHeadlineBasis, useHeadlineScope } from './use-change.ts';
import { figureRequest, headlineNeeds } from '@/lib/stats/headline.ts';

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
  /** The numbers of this block a user can be alerted about ("Alert me…"), the first prefilled. */
  readonly alerts?: readonly StatMetricId[];
  /**
   * It shows headline numbers (lib/stats/headline.ts): the operation is also asked for the two compared periods,
   * once its answer is shown, for their figures and changes.
   */
  readonly changes?: boolean;
  /**
   * Everything it shows is figures of the compared days (new against returning, the traffic): it asks for the
   * current period itself (the range's days so far while it has no complete day), so nothing in it covers other days.
   */
  readonly wholeDays?: boolean;
  /** Draws the view; in a comparison (the dashboard's "Compare with…") `other` is the other project's, when it has one. */
  readonly children: (view: ViewOf<Id>, other: ViewOf<Id> | null) => ComponentChildren;
}

/** The placeholder of a block, or of a section, whose content is still loading. */
export function Loading() {
  // A name on a role-less div is not read (nor allowed): say it as text only screen readers get.
  return (
    <div class="skeleton-block" aria-busy="true">
      <span class="sr-only">{t('stats.block.loading')}</span>
    </div>
  );
}

const CsvButtons = lazy(() => import('./CsvButtons.tsx').then((m) => m.CsvButtons));

const FILTER_WORDS = {
  chainId: () => t('stats.block.filterWord.chainId'),
  tokenId: () => t('stats.block.filterWord.tokenId'),
  dapp: () => t('stats.block.filterWord.dapp'),
} as const;

/**
 * The one pattern every stats block follows: its own request (started when
 * it mounts), a skeleton while nothing is known, the cached answer at once
 * with its age, "no data" for an empty answer, and errors with the way out.
 * A failing block never touches its neighbours.
 */
export function Block<Id extends DataOperationId>({ id, title, op, extra, controls, wide, alerts, changes = false, wholeDays = false, children }: BlockProps<Id>) {
  const ctx = useStatsContext();
  const now = useNow();
  const basis = useHeadlineBasis(ctx.filters.range, now);
  const picked: StatsRequest & { op: Id } = { op, filters: ctx.filters, extra };
  const request = (wholeDays ? figureRequest(picked, basis) : picked) as StatsRequest & { op: Id };
  const completeAfterMs = wholeDays ? headlineNeeds(picked, basis).current?.completeAfterMs ?? 0 : 0;
  // The popup's blocks are copied to the paint snapshot: its next open paints them in the first frame.
  const popup = ctx.layout === 'popup';
  const { state, view, reload, got } = useCompleteStat(request, completeAfterMs, ctx.refreshToken, popup);
  // The same request for the project compared with this one, if any: its own state, reported apart.
  const other = useComparedStat(id, request, completeAfterMs, ctx.refreshToken);
  const ready = state.status === 'ready' && view !== null;
  const filled = ready && hasData(op, view);
  const scope = { basis, refreshToken: ctx.refreshToken, ownCurrent: wholeDays, remember: popup };
  const headlines = useHeadlineScope(op, ctx.filters, extra, { ...scope, enabled: changes && filled, range: got });
  const cmp = useCompare();
  const otherFilters = { ...ctx.filters, project: cmp?.pair.other ?? ctx.filters.project };
  const comparedHeadlines = useHeadlineScope(op, otherFilters, extra, { ...scope, enabled: changes && !!other?.view, range: other?.got, refreshToken: ctx.refreshToken + (cmp?.refreshToken ?? 0) });
  const ignored = (Object.keys(FILTER_WORDS) as (keyof typeof FILTER_WORDS)[])
    .filter((f) => ctx.filters[f].trim() && !acceptsParam(op, f))
    .map((f) => FILTER_WORDS[f]());

  useLayoutEffect(() => {
    if (ready) markPainted(state.entry.storedAt);
  }, [ready]);

  const sent = state.status === 'loading' ? null : state.error;
  const worked = state.status === 'ready' && sent === null;
  useEffect(() => {
    ctx.report(id, { error: sent, worked });
  }, [sent, worked]);
  useEffect(() => () => ctx.report(id, null), []);
  // A 401/403 without a reason, beside blocks that worked with the same key, is this block's refusal.
  const error = sent && errorAsShown(sent, ctx.keyWorks);
  const shared = error !== null && isSharedError(error);
  const noAnalytics = state.status === 'error' && error !== null && missingWebAnalytics(op, error);
  return (
    <article class={`block${wide ? ' block-wide' : ''}`} data-block={id} data-state={noAnalytics ? 'no-analytics' : state.status} aria-labelledby={`block-${id}`}>
      <header class="block-head">
        <h3 id={`block-${id}`}>{title}</h3>
        {controls && <div class="block-controls">{controls}</div>}
        {alerts && alerts.length > 0 && <AlertMe block={id} metrics={alerts} filters={ctx.filters} extra={extra} />}
      </header>
      {ignored.length > 0 && <p class="hint">{t('stats.block.notFilteredBy', { filters: formatList(ignored, 'disjunction') })}</p>}
      {state.status === 'loading' && <Loading />}
      {noAnalytics && (
        <p class="notice notice-info" data-no-analytics>
          {t('stats.block.noAnalytics', { what: title.toLocaleLowerCase(uiLocale()) })}
        </p>
      )}
      {state.status === 'error' && shared && <p class="empty">{t('stats.block.seeNoticeAbove')}</p>}
      {state.status === 'error' && error && !shared && !noAnalytics && <ErrorNotice error={error} onRetry={reload} />}
      {ready && (filled ? (
        <AsOf.Provider value={state.entry.storedAt}>
          <ComparedAsOf.Provider value={other?.asOf ?? null}>
            <HeadlineContext.Provider value={changes ? headlines : null}>
              <ComparedHeadlineContext.Provider value={changes && other ? comparedHeadlines : null}>{children(view, other?.view ?? null)}</ComparedHeadlineContext.Provider>
            </HeadlineContext.Provider>
          </ComparedAsOf.Provider>
        </AsOf.Provider>
      ) : <p class="empty">{t('stats.block.noData')}</p>)}
      {other && <ComparedStatus other={other} />}
      {state.status === 'ready' && error && !shared && <ErrorNotice error={error} onRetry={reload} stale />}
      {state.status !== 'loading' && (
        <footer class="block-foot">
          {state.status === 'ready' && (
            <span class="age" data-stored-at={state.entry.storedAt} title={formatDateTime(state.entry.storedAt)}>
              {t('stats.block.updated', { age: formatAge(now - state.entry.storedAt) })}
            </span>
          )}
          {state.status === 'ready' && error && shared && (
            <span class="not-updated" title={describeError(error)}>
              {t('stats.block.notUpdated')}
            </span>
          )}
          {(state.status === 'ready' || state.status === 'error') && state.refreshing && <span class="refreshing">{t('stats.block.refreshing')}</span>}
          {ctx.layout === 'page' && filled && <CsvButtons op={op} view={view} project={ctx.filters.project} other={other?.view ?? null} />}
        </footer>
      )}
    </article>
  );
}
