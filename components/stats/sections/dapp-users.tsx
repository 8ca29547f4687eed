/** DApp users: daily users and transactions, top actions, distributions, overlap with competitors and partners. */
import { formatDay } from '@/lib/format/number.ts';
import { Block } from '@/components/stats/Block.tsx';
import { Blocks } from '@/components/stats/Blocks.tsx';
import { Chart } from '@/components/stats/Chart.tsx';
import { Choice, useOption } from '@/components/stats/controls.tsx';
import { Num, Pct } from '@/components/stats/Num.tsx';
import { RankedTable, Short } from '@/components/stats/RankedTable.tsx';
import { isPartialDay } from '@/lib/stats/partial-day.ts';
import { useAsOf, useDayNotOverText } from '@/components/stats/partial-day.ts';
import { Figures, SoFar, useHeadlineItems, useSizes } from './shared.tsx';
import { ComparedHeadlines } from '@/components/stats/compared-lazy.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import { t } from '@/lib/i18n/index.ts';

function DailyUsersBlock() {
  const s = useSizes();
  return (
    <Block id="daily-users" title={t('stats.dailyUsers.title')} op="dailyUsers" wide changes alerts={['dailyUsers', 'dailyTransactions']}>
      {(v, o) => (
        <>
          {o
            ? <ComparedHeadlines caption={t('stats.dailyUsers.title')} items={DAILY_FIGURES()} />
            : <DailyFigures series={v.series} />}
          <Chart series={v.series} compare={o?.series} label={t('stats.dailyUsers.title')} height={s.chart} />
        </>
      )}
    </Block>
  );
}

/** Each daily figure: its id on the page, its label, its headline number. */
const DAILY_FIGURES = () => [
  ['users', t('stats.dailyUsers.users'), 'dailyUsers'],
  ['transactions', t('stats.dailyUsers.transactions'), 'dailyTransactions'],
] as const;

/**
 * Users and transactions on the latest complete day, each with the change of its mean per day (lib/stats/headline.ts);
 * the day not over follows apart, smaller.
 */
function DailyFigures({ series }: { series: TimeSeries }) {
  const items = useHeadlineItems(DAILY_FIGURES());
  return (
    <>
      <Figures items={items} />
      <SoFar series={series} labels={{ users: t('stats.dailyUsers.users'), transactions: t('stats.dailyUsers.transactions') }} headline="dailyUsers" />
    </>
  );
}

/** Which day the ranking is of; a day not over when the answer was fetched is said as such. */
function LatestDayHint({ time }: { time: number }) {
  const asOf = useAsOf();
  const text = useDayNotOverText(time);
  const partial = asOf !== null && isPartialDay(time, asOf) ? text : null;
  return (
    <p class="hint" data-partial={partial !== null || undefined}>
      {partial !== null
        ? t('stats.actions.dayPartial', { day: formatDay(time), partial })
        : t('stats.actions.latestDay', { day: formatDay(time) })}
    </p>
  );
}

function ActionsBlock() {
  const op = 'dailyActions';
  const [limit, setLimit] = useOption('actions', op, 'limit');
  const s = useSizes();
  return (
    <Block
      id="actions"
      title={t('stats.actions.title')}
      op={op}
      extra={{ limit }}
      wide
      controls={<Choice label={t('stats.actions.perDay')} value={limit} onChange={setLimit} choices={['3', '5', '10', '20'].map((n) => [n, t('stats.actions.top', { n })])} />}
    >
      {(v, o) => {
        const last = v.days.at(-1)!;
        return (
          <div class="pair">
            <div>
              <LatestDayHint time={last.time} />
              <RankedTable
                caption={t('stats.actions.caption', { day: formatDay(last.time) })}
                rows={last.actions}
                compare={o?.days.at(-1)?.actions}
                rowKey={(a) => a.id}
                limit={s.rows}
                share={(a) => a.share}
                columns={[
                  { label: t('stats.actions.action'), cell: (a) => <Short id={a.id} name={a.name} /> },
                  { label: t('stats.actions.users'), cell: (a) => <Num value={a.users} compact />, num: true },
                  { label: t('stats.actions.txns'), cell: (a) => <Num value={a.transactions} compact />, num: true },
                ]}
              />
            </div>
            <Chart series={v.series} compare={o?.series} label={t('stats.actions.chart')} height={s.small} />
          </div>
        );
      }}
    </Block>
  );
}

const DISTRIBUTIONS = {
  dapps: ['distributionByDapps', 'dapps'],
  contracts: ['distributionByContracts', 'contracts'],
  actions: ['distributionByActions', 'actions'],
} as const;

function DistributionBlock() {
  const [by, setBy] = useOption('distribution', null, 'by', 'dapps');
  const [op, what] = DISTRIBUTIONS[by as keyof typeof DISTRIBUTIONS] ?? DISTRIBUTIONS.dapps;
  const s = useSizes();
  return (
    <Block
      id="distribution"
      title={t('stats.distribution.title')}
      op={op}
      controls={<Choice label={t('stats.distribution.groupBy')} value={by} onChange={setBy} choices={[['dapps', t('stats.distribution.dapps')], ['contracts', t('stats.distribution.contracts')], ['actions', t('stats.distribution.actions')]]} />}
    >
      {(v, o) => (
        <RankedTable
          caption={t(`stats.distribution.caption.${what}`)}
          rows={v.items}
          compare={o?.items}
          rowKey={(i) => i.id}
          limit={s.rows}
          share={(i) => i.share}
          columns={[
            { label: t(`stats.distribution.column.${what}`), cell: (i) => <Short id={i.id} name={i.name} /> },
            { label: t('stats.distribution.users'), cell: (i) => <Num value={i.users} compact />, num: true },
            { label: t('stats.distribution.txns'), cell: (i) => <Num value={i.transactions} compact />, num: true },
          ]}
        />
      )}
    </Block>
  );
}

function OverlapBlock() {
  const [whom, setWhom] = useOption('overlap', null, 'with', 'competitors');
  const op = whom === 'partners' ? 'usePartners' : 'useCompetitors';
  const s = useSizes();
  return (
    <Block
      id="overlap"
      title={t('stats.overlap.title')}
      op={op}
      controls={<Choice label={t('stats.overlap.alsoUse')} value={whom} onChange={setWhom} choices={[['competitors', t('stats.overlap.competitors')], ['partners', t('stats.overlap.partners')]]} />}
    >
      {(v, o) => {
        const market = [...v.items, ...(o?.items ?? [])].some((i) => i.marketShare !== null);
        return (
          <RankedTable
            caption={whom === 'partners' ? t('stats.overlap.caption.partners') : t('stats.overlap.caption.competitors')}
            rows={v.items}
            compare={o?.items}
            rowKey={(i) => i.id}
            limit={s.rows}
            share={(i) => i.share}
            columns={[
              { label: t('stats.overlap.project'), cell: (i) => <span title={i.projectType ? `${i.name}\n${i.projectType}` : i.name}>{i.name}</span> },
              { label: t('stats.overlap.users'), cell: (i) => <Num value={i.users} compact />, num: true },
              ...(market ? [{ label: t('stats.overlap.marketShare'), cell: (i: (typeof v.items)[number]) => <Pct value={i.marketShare} />, num: true }] : []),
            ]}
          />
        );
      }}
    </Block>
  );
}

export function DappUsersSection() {
  return (
    <Blocks>
      <DailyUsersBlock />
      <ActionsBlock />
      <DistributionBlock />
      <OverlapBlock />
    </Blocks>
  );
}

