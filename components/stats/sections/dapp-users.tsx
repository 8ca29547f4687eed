/** DApp users: daily users and transactions, top actions, distributions, overlap with competitors and partners. */
import { formatDay } from '@/lib/format/number.ts';
import { Block } from '@/components/stats/Block.tsx';
import { Chart } from '@/components/stats/Chart.tsx';
import { Choice, useOption } from '@/components/stats/controls.tsx';
import { Num, Pct } from '@/components/stats/Num.tsx';
import { RankedTable, Short } from '@/components/stats/RankedTable.tsx';
import { isPartialDay, partialDayName } from '@/lib/stats/partial-day.ts';
import { useNow } from '@/components/stats/context.ts';
import { partialDayText, useAsOf } from '@/components/stats/partial-day.ts';
import { LatestDay, useSizes } from './shared.tsx';

function DailyUsersBlock() {
  const s = useSizes();
  return (
    <Block id="daily-users" title="Daily users and transactions" op="dailyUsers" wide>
      {(v) => (
        <>
          <LatestDay series={v.series} labels={{ users: 'Users', transactions: 'Transactions' }} />
          <Chart series={v.series} label="Daily users and transactions" height={s.chart} />
        </>
      )}
    </Block>
  );
}

/** Which day the ranking is of; a day not over when the answer was fetched is said as such. */
function LatestDayHint({ time }: { time: number }) {
  const asOf = useAsOf();
  const now = useNow();
  const partial = asOf !== null && isPartialDay(time, asOf);
  return (
    <p class="hint" data-partial={partial || undefined}>
      {partial ? `${formatDay(time)}, ${partialDayText(partialDayName(time, asOf, now))}` : `Latest day, ${formatDay(time)}`}
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
      title="Top actions per day"
      op={op}
      extra={{ limit }}
      wide
      controls={<Choice label="Actions per day" value={limit} onChange={setLimit} choices={['3', '5', '10', '20'].map((n) => [n, `top ${n}`])} />}
    >
      {(v) => {
        const last = v.days.at(-1)!;
        return (
          <div class="pair">
            <div>
              <LatestDayHint time={last.time} />
              <RankedTable
                caption={`Top actions on ${formatDay(last.time)}`}
                rows={last.actions}
                rowKey={(a) => a.id}
                limit={s.rows}
                share={(a) => a.share}
                columns={[
                  { label: 'Action', cell: (a) => <span title={a.id}>{a.name}</span> },
                  { label: 'Users', cell: (a) => <Num value={a.users} compact />, num: true },
                  { label: 'Txns', cell: (a) => <Num value={a.transactions} compact />, num: true },
                ]}
              />
            </div>
            <Chart series={v.series} label="Daily transactions of the top actions" height={s.small} />
          </div>
        );
      }}
    </Block>
  );
}

const DISTRIBUTIONS = {
  dapps: ['distributionByDapps', 'DApp'],
  contracts: ['distributionByContracts', 'Contract'],
  actions: ['distributionByActions', 'Action'],
} as const;

function DistributionBlock() {
  const [by, setBy] = useOption('distribution', null, 'by', 'dapps');
  const [op, what] = DISTRIBUTIONS[by as keyof typeof DISTRIBUTIONS] ?? DISTRIBUTIONS.dapps;
  const s = useSizes();
  return (
    <Block
      id="distribution"
      title="Users by DApp, contract and action"
      op={op}
      controls={<Choice label="Group by" value={by} onChange={setBy} choices={[['dapps', 'DApps'], ['contracts', 'Contracts'], ['actions', 'Actions']]} />}
    >
      {(v) => (
        <RankedTable
          caption={`Users by ${what}`}
          rows={v.items}
          rowKey={(i) => i.id}
          limit={s.rows}
          share={(i) => i.share}
          columns={[
            { label: what, cell: (i) => <Short id={i.id} name={i.name} /> },
            { label: 'Users', cell: (i) => <Num value={i.users} compact />, num: true },
            { label: 'Txns', cell: (i) => <Num value={i.transactions} compact />, num: true },
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
      title="Users who also use…"
      op={op}
      controls={<Choice label="Also use" value={whom} onChange={setWhom} choices={[['competitors', 'Competitors'], ['partners', 'Partners']]} />}
    >
      {(v) => {
        const market = v.items.some((i) => i.marketShare !== null);
        return (
          <RankedTable
            caption={`Users who also use ${whom}`}
            rows={v.items}
            rowKey={(i) => i.id}
            limit={s.rows}
            share={(i) => i.share}
            columns={[
              { label: 'Project', cell: (i) => <span title={i.projectType ?? undefined}>{i.name}</span> },
              { label: 'Users', cell: (i) => <Num value={i.users} compact />, num: true },
              ...(market ? [{ label: 'Mkt share', cell: (i: (typeof v.items)[number]) => <Pct value={i.marketShare} />, num: true }] : []),
            ]}
          />
        );
      }}
    </Block>
  );
}

export function DappUsersSection() {
  return (
    <div class="blocks">
      <DailyUsersBlock />
      <ActionsBlock />
      <DistributionBlock />
      <OverlapBlock />
    </div>
  );
}

