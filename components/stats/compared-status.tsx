import type { DataOperationId } from '@/lib/api/catalog.ts';
import { t } from '@/lib/i18n/index.ts';
import type { ComparedStat } from './compared-block.tsx';
import { errorAsShown, useStatsContext } from './context.ts';
import { ErrorNotice } from './ErrorNotice.tsx';

/** What a block says of the other project when it has nothing of it to draw: loading, no data, or why not. */
export function ComparedStatus<Id extends DataOperationId>({ other }: { other: ComparedStat<Id> }) {
  const { keyWorks } = useStatsContext();
  const project = other.pair.other;
  const { state } = other;
  if (state.status === 'loading') return <p class="compared-status muted" data-compared="loading">{t('stats.compare.loading', { project })}</p>;
  if (state.status === 'error') {
    if (other.saidAbove) return <p class="compared-status muted" data-compared="error">{t('stats.compare.seeAbove', { project })}</p>;
    return (
      <div class="compared-status" data-compared="error">
        <p class="compared-for">{t('stats.compare.errorFor', { project })}</p>
        <ErrorNotice error={errorAsShown(state.error, keyWorks)} onRetry={other.reload} />
      </div>
    );
  }
  if (other.view === null) return <p class="compared-status muted" data-compared="empty">{t('stats.compare.noData', { project })}</p>;
  return null;
}
