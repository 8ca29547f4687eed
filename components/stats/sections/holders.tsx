/** Holders: totals now, holder change, balance classes, prominent holders, claimed rewards, contracts used. */
import type { ViewOf } from '@/lib/stats/operation-views.ts';
import { paramValues } from '@/lib/stats/query.ts';
import { Block } from '@/components/stats/Block.tsx';
import { Chart } from '@/components/stats/Chart.tsx';
import { Choice, NumberOption, useOption } from '@/components/stats/controls.tsx';
import { Num } from '@/components/stats/Num.tsx';
import { RankedTable, Short } from '@/components/stats/RankedTable.tsx';
import { Split } from '@/components/stats/Split.tsx';
import { Figures, usePartialDay, useSizes } from './shared.tsx';

/** The figures "now": the active holders are the last day's, so a day not over is said as such. */
function HolderFigures({ v }: { v: ViewOf<'holderChange'> }) {
  const partial = usePartialDay(v.series);
  return (
    <Figures
      items={[
        { id: 'total', label: 'Total holders', value: v.now.total },
        { id: 'active', label: partial === null ? 'Active holders' : `Active holders, ${partial}`, value: v.now.active },
        { id: 'new', label: 'New holders', value: v.now.new },
      ]}
    />
  );
}

function HolderChangeBlock() {
  const s = useSizes();
  return (
    <Block id="holders" title="Holders" op="holderChange" wide>
      {(v) => (
        <>
          <HolderFigures v={v} />
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
            { label: 'Holder', cell: (h) => <Short id={h.id} name={h.name} /> },
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
              { label: 'Contract', cell: (c) => <Short id={c.id} name={c.name} /> },
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

