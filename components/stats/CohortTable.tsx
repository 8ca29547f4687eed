import type { RetentionView } from '@/lib/normalize/normalize.ts';
import { retentionHeat, showsPartial } from '@/lib/stats/view-models.ts';
import { formatCompact, formatDay, formatNumber, formatPercent } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { ScrollBox } from '@/components/ui/ScrollBox.tsx';
import { useStatsContext } from './context.ts';
import { Num } from './Num.tsx';
import { useAsOf, useDayNotOverText } from './partial-day.ts';
import { useComparedCohorts } from './compared-cohorts.ts';

/**
 * Retention cohorts, each cell shaded by its rate (relative to the best
 * cell). In the popup, compact enough that every period fits its width: the
 * periods abbreviated ("D1", the full "Day 1" on hover and for screen
 * readers) and the cohorts by their short date (the full one on hover).
 * Cells and cohorts of a day not over are in italics, said as such on hover
 * and to screen readers, with a note under the table.
 */
export function CohortTable({ view, other = null }: { view: RetentionView; other?: RetentionView | null }) {
  const heat = retentionHeat(view, useAsOf());
  const compact = useStatsContext().layout === 'popup';
  const partial = useDayNotOverText(view.rows.at(-1)?.start) ?? '';
  // In a comparison: a Project column, each cohort's row for each project (compared-cohorts.ts).
  const compared = useComparedCohorts(heat, other);
  const soFar = (on: boolean) => on && <span class="sr-only">{t('stats.cohort.soFar', { partial })}</span>;
  const rows = compared?.rows ?? heat.rows.map((row) => ({ row, project: null }));
  return (
    <>
      <ScrollBox label={t('stats.cohort.label')}>
        <table class={compact ? 'cohort cohort-compact' : 'cohort'}>
          <caption class="sr-only">{t('stats.cohort.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('stats.cohort.cohort')}</th>
              {compared && <th scope="col">{t('stats.compare.project')}</th>}
              <th scope="col" class="n">{t('stats.cohort.users')}</th>
              {heat.periods.map((p) => {
                const full = t('stats.cohort.day', { n: p });
                return (
                  <th key={p} scope="col" class="n" data-period={p} aria-label={full}>
                    {compact ? <abbr title={full}>{t('stats.cohort.dayShort', { n: p })}</abbr> : full}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ row: r, project }) => (
              <tr key={`${r.cohort}:${project ?? ''}`} data-project={project ?? undefined}>
                <th scope="row" class={r.partial ? 'partial' : undefined} data-partial={r.partial || undefined}>
                  {compact ? <time dateTime={r.cohort} title={r.partial ? t('stats.cohort.soFarOf', { what: r.cohort, partial }) : r.cohort}>{formatDay(r.start)}</time> : r.cohort}
                  {soFar(r.partial)}
                </th>
                {project !== null && <td class={`project-cell project-${project === compared?.pair.primary ? 'primary' : 'other'}`}>{project}</td>}
                <td class={r.partial ? 'n partial' : 'n'} title={r.total === null ? t('stats.cohort.noTotal') : undefined}>
                  <Num value={r.total} compact={compact} />
                </td>
                {r.cells.map((c, i) => {
                  const users = c.count === null ? t('stats.cohort.noData') : t('stats.cohort.usersCount', c.count, { count: formatNumber(c.count) });
                  const shown = showsPartial(c);
                  return (
                    <td
                      key={i}
                      class={shown ? 'n heat partial' : 'n heat'}
                      data-partial={shown || undefined}
                      style={{ '--heat': c.heat.toFixed(3) }}
                      title={shown ? t('stats.cohort.soFarOf', { what: users, partial }) : users}
                    >
                      {/* Without the cohort's total there is no rate: its count is shown instead, said as users in the cell, never passed off as a share. */}
                      {c.rate !== null
                        ? formatPercent(c.rate)
                        : r.total === null && c.count !== null
                          ? <span class="cohort-count" data-count={c.count}>{t('stats.cohort.usersCount', c.count, { count: compact ? formatCompact(c.count) : formatNumber(c.count) })}</span>
                          : ''}
                      {soFar(shown)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {(heat.partial || compared?.partial) && <p class="cohort-note">{t('stats.cohort.partialNote', { partial })}</p>}
      {rows.some(({ row: r }) => r.total === null && r.cells.some((c) => c.count !== null)) && <p class="cohort-note">{t('stats.cohort.noTotalNote')}</p>}
    </>
  );
}
