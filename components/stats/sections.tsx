/**
 * The three sections of the stats, each a list of blocks. The popup shows one
 * section at a time and the dashboard all of them, larger: the same blocks
 * serve both (`layout` only changes sizes, row limits and CSV buttons).
 */
import { paramValues } from '../../lib/stats/query.ts';
import { latestPoint } from '../../lib/stats/view-models.ts';
import { formatDay } from '../../lib/format/number.ts';
import type { TimeSeries } from '../../lib/normalize/normalize.ts';
import { Block } from './Block.tsx';
import { Chart } from './Chart.tsx';
import { CohortTable } from './CohortTable.tsx';
import { useStatsContext } from './context.ts';
import { Choice, NumberOption, useOption } from './controls.tsx';
import { FlowView } from './FlowView.tsx';
import { Num, Pct } from './Num.tsx';
import { RankedTable, Short } from './RankedTable.tsx';
import { Split } from './Split.tsx';

function useSizes() {
  const { layout } = useStatsContext();
  return layout === 'page' ? { chart: 240, rows: undefined, small: 200 } : { chart: 140, rows: 5, small: 130 };
}

/** Headline figures: big numbers with labels. */
function Figures({ items, note }: { items: readonly { label: string; value: number | null; id: string }[]; note?: string }) {
  return (
    <div class="figures">
      {items.map((f) => (
        <div key={f.id} class="figure" data-figure={f.id}>
          <Num value={f.value} />
          <span class="figure-label">{f.label}</span>
        </div>
      ))}
      {note && <span class="figure-note muted">{note}</span>}
    </div>
  );
}

function LatestDay({ series, labels }: { series: TimeSeries; labels: Record<string, string> }) {
  const last = latestPoint(series);
  if (!last) return null;
  return (
    <Figures
      items={Object.entries(labels).map(([key, label]) => ({ id: key, label, value: last.values[key] ?? null }))}
      note={`on ${formatDay(last.time)}`}
    />
  );
}

// ---- Holders ----

function HolderChangeBlock() {
  const s = useSizes();
  return (
    <Block id="holders" title="Holders" op="holderChange" wide>
      {(v) => (
        <>
          <Figures
            items={[
              { id: 'total', label: 'Total holders', value: v.now.total },
              { id: 'active', label: 'Active holders', value: v.now.active },
              { id: 'new', label: 'New holders', value: v.now.new },
            ]}
          />
          {v.series.x.length > 0 && <Chart series={v.series} label="Daily active and new holders" height={s.chart} rightAxis="new" />}
        </>
      )}
    </Block>
  );
}

function ClaimedRewardsBlock() {
  const s = useSizes();
  return (
    <Block id="rewards" title="Claimed rewards" op="dailyClaimedRewards" wide>
      {(v) => <Chart series={v.series} label="Daily claimed rewards" height={s.small} kind="bars" />}
    </Block>
  );
}

function BalanceBlock() {
  const op = 'tokenBalanceDistribution';
  const [whale, setWhale] = useOption('balance', op, 'whaleBalance');
  const [fwBalance, setFwBalance] = useOption('balance', op, 'fwBalance');
  const [fwDays, setFwDays] = useOption('balance', op, 'fwDays');
  return (
    <Block
      id="balance"
      title="Balance distribution"
      op={op}
      extra={{ whaleBalance: whale, fwBalance, fwDays }}
      controls={
        <details class="thresholds">
          <summary>Thresholds</summary>
          <NumberOption label="Whale from balance" value={whale} onChange={setWhale} />
          <NumberOption label="Forgotten below balance" value={fwBalance} onChange={setFwBalance} />
          <NumberOption label="Forgotten after days idle" value={fwDays} onChange={setFwDays} min={1} />
        </details>
      }
    >
      {(v) => <Split breakdown={v} label="Holders by balance" />}
    </Block>
  );
}

const kindOf = (h: { projectType: string | null; type: string | null }) => h.projectType ?? h.type ?? '';

const HOLDER_TYPES: Record<string, string> = { foundation: 'Foundation', contract: 'Contracts', wallet: 'Wallets' };

function ProminentBlock() {
  const op = 'prominentBalance';
  const [type, setType] = useOption('prominent', op, 'type');
  const s = useSizes();
  return (
    <Block
      id="prominent"
      title="Prominent holders"
      op={op}
      extra={{ type }}
      controls={<Choice label="Holder type" value={type} onChange={setType} choices={paramValues(op, 'type').map((t) => [t, HOLDER_TYPES[t] ?? t])} />}
    >
      {(v) => (
        <RankedTable
          caption="Prominent holders by balance"
          rows={v.items}
          rowKey={(h) => h.id}
          limit={s.rows}
          share={(h) => h.share}
          columns={[
            { label: 'Holder', cell: (h) => (h.name === h.id ? <Short text={h.id} /> : <span title={h.id}>{h.name}</span>) },
            // A kind column only when it tells the rows apart (the type chosen above already names them).
            ...(new Set(v.items.map(kindOf)).size > 1 ? [{ label: 'Kind', cell: kindOf }] : []),
            { label: 'Balance', cell: (h) => <Num value={h.value} compact />, num: true },
          ]}
        />
      )}
    </Block>
  );
}

function TransfersBlock() {
  const s = useSizes();
  return (
    <Block id="transfers" title="Contracts holders move tokens with" op="eventTransferDistribution" wide>
      {(v) => (
        <div class="pair">
          <RankedTable
            caption="Contracts by tokens moved"
            rows={v.ranking}
            rowKey={(c) => c.id}
            limit={s.rows}
            share={(c) => c.share}
            columns={[
              { label: 'Contract', cell: (c) => (c.name === c.id ? <Short text={c.id} /> : <span title={c.id}>{c.name}</span>) },
              { label: 'Tokens moved', cell: (c) => <Num value={c.value} compact />, num: true },
            ]}
          />
          {v.series.x.length > 0 && <Chart series={v.series} label="Tokens moved per day with the top contracts" height={s.small} />}
        </div>
      )}
    </Block>
  );
}

export function HoldersSection() {
  return (
    <div class="blocks">
      <HolderChangeBlock />
      <BalanceBlock />
      <ProminentBlock />
      <ClaimedRewardsBlock />
      <TransfersBlock />
    </div>
  );
}

// ---- DApp users ----

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
              <p class="hint">Latest day, {formatDay(last.time)}</p>
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
            { label: what, cell: (i) => (i.name === i.id ? <Short text={i.id} /> : <span title={i.id}>{i.name}</span>) },
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

// ---- Audience ----

function RetentionBlock() {
  return (
    <Block id="retention" title="Retention" op="retention" wide>
      {(v) => <CohortTable view={v} />}
    </Block>
  );
}

function InbounceBlock() {
  return (
    <Block id="inbounce" title="New vs returning" op="userInbounce">
      {(v) => (
        <>
          <h4>Wallets</h4>
          <Split breakdown={v.wallet} label="Wallets" />
          <h4>Visitors</h4>
          <Split breakdown={v.visitor} label="Visitors" />
        </>
      )}
    </Block>
  );
}

function CountriesBlock() {
  const s = useSizes();
  return (
    <Block id="countries" title="Countries" op="distributionByCountries">
      {(v) => (
        <RankedTable
          caption="Visitors and wallets by country"
          rows={v.items}
          rowKey={(c) => c.id}
          limit={s.rows}
          share={(c) => c.share}
          columns={[
            { label: 'Country', cell: (c) => c.name },
            { label: 'Visitors', cell: (c) => <Num value={c.visitors} compact />, num: true },
            { label: 'Wallets', cell: (c) => <Num value={c.wallets} compact />, num: true },
          ]}
        />
      )}
    </Block>
  );
}

function TrafficBlock() {
  const s = useSizes();
  return (
    <Block id="traffic" title="Traffic share" op="trafficShare" wide>
      {(v) => <FlowView view={v} limit={s.rows} />}
    </Block>
  );
}

export function AudienceSection() {
  return (
    <div class="blocks">
      <RetentionBlock />
      <InbounceBlock />
      <CountriesBlock />
      <TrafficBlock />
    </div>
  );
}

export const SECTIONS = [
  { id: 'holders', label: 'Holders', Section: HoldersSection },
  { id: 'dapp-users', label: 'DApp users', Section: DappUsersSection },
  { id: 'audience', label: 'Audience', Section: AudienceSection },
] as const;
