/** Holders: totals now, holder change, balance classes, prominent holders, claimed rewards, contracts used. */
import type { ViewOf } from '@/lib/stats/operation-views.ts';
import { paramValues } from '@/lib/stats/query.ts';
import { lacksNow } from '@/lib/stats/view-models.ts';
import { Block } from '@/components/stats/Block.tsx';
import { Blocks } from '@/components/stats/Blocks.tsx';
import { Chart } from '@/components/stats/Chart.tsx';
import { Choice, NumberOption, useOption } from '@/components/stats/controls.tsx';
import { Num } from '@/components/stats/Num.tsx';
import { RankedTable, Short } from '@/components/stats/RankedTable.tsx';
import { Split } from '@/components/stats/Split.tsx';
import { Figures, LatestDay, NoHistory, usePartialDay, useSizes } from './shared.tsx';
import { ComparedFigures } from '@/components/stats/compared-lazy.ts';
import { useChanges } from '@/components/stats/use-change.ts';
import { useAsOf } from '@/components/stats/partial-day.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import { partialFrom } from '@/lib/stats/partial-day.ts';
import { sumKnown } from '@/lib/normalize/coerce.ts';
import { t } from '@/lib/i18n/index.ts';

/**
 * The figures "now": the active holders are the last day's, so a day not over
 * is said as such. An answer without `now` still has its days: the latest
 * complete one stands in for active and new holders, named as that day.
 */
export function HolderFigures({ v, other = null }: { v: ViewOf<'holderChange'>; other?: ViewOf<'holderChange'> | null }) {
  const partial = usePartialDay(v.series);
  const c = useChanges(['totalHolders', 'activeHolders', 'newHolders']);
  if (other) return <ComparedHolderFigures v={v} other={other} />;
  if (lacksNow(v)) {
    return (
      <>
        <Figures items={[{ id: 'total', label: t('stats.holders.total'), value: v.now.total, change: c.totalHolders }]} />
        <LatestDay series={v.series} labels={{ active: t('stats.holders.active'), new: t('stats.holders.new') }} changes={{ active: c.activeHolders, new: c.newHolders }} />
      </>
    );
  }
  return (
    <Figures
      items={[
        { id: 'total', label: t('stats.holders.total'), value: v.now.total, change: c.totalHolders },
        { id: 'active', label: partial === null ? t('stats.holders.active') : t('stats.holders.activePartial', { partial }), value: v.now.active, change: c.activeHolders },
        { id: 'new', label: t('stats.holders.new'), value: v.now.new, change: c.newHolders },
      ]}
    />
  );
}

/** Both projects' holders now, a column each (a comparison). */
function ComparedHolderFigures({ v, other }: { v: ViewOf<'holderChange'>; other: ViewOf<'holderChange'> }) {
  const now = (id: 'total' | 'active' | 'new', label: string) => ({ id, label, a: v.now[id], b: other.now[id] });
  return <ComparedFigures caption={t('stats.holders.title')} items={[now('total', t('stats.holders.total')), now('active', t('stats.holders.active')), now('new', t('stats.holders.new'))]} />;
}

function HolderChangeBlock() {
  const s = useSizes();
  return (
    <Block id="holders" title={t('stats.holders.title')} op="holderChange" wide changes alerts={['activeHolders', 'newHolders', 'totalHolders']}>
      {(v, o) => (
        <>
          <HolderFigures v={v} other={o} />
          {v.series.x.length > 0 && <Chart series={v.series} compare={o?.series} label={t('stats.holders.chart')} height={s.chart} rightAxis="new" />}
        </>
      )}
    </Block>
  );
}

/** The rewards claimed on the answer's complete days (a day so far is drawn, not added up), with their change. */
function RewardsFigures({ series }: { series: TimeSeries }) {
  const asOf = useAsOf();
  const c = useChanges(['claimedRewards']);
  const partial = asOf === null ? null : partialFrom(series.x, asOf);
  const days = series.series.find((x) => x.key === 'claimed')?.values.slice(0, partial ?? undefined) ?? [];
  return <Figures items={[{ id: 'claimed', label: t('stats.rewards.total'), value: sumKnown(days), change: c.claimedRewards }]} />;
}

function ClaimedRewardsBlock() {
  const s = useSizes();
  return (
    <Block id="rewards" title={t('stats.rewards.title')} op="dailyClaimedRewards" wide changes>
      {(v, o) => (
        <>
          {!o && <RewardsFigures series={v.series} />}
          <Chart series={v.series} compare={o?.series} label={t('stats.rewards.chart')} height={s.small} kind="bars" />
        </>
      )}
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
      title={t('stats.balance.title')}
      op={op}
      extra={{ whaleBalance: whale, fwBalance, fwDays }}
      alerts={['whales']}
      controls={
        <details class="thresholds">
          <summary>{t('stats.balance.thresholds')}</summary>
          <NumberOption label={t('stats.balance.whale')} value={whale} onChange={setWhale} />
          <NumberOption label={t('stats.balance.forgottenBalance')} value={fwBalance} onChange={setFwBalance} />
          <NumberOption label={t('stats.balance.forgottenDays')} value={fwDays} onChange={setFwDays} min={1} />
        </details>
      }
    >
      {(v, o) => (
        <>
          <Split breakdown={v} compare={o} label={t('stats.balance.split')} />
          <NoHistory />
        </>
      )}
    </Block>
  );
}

const kindOf = (h: { projectType: string | null; type: string | null }) => h.projectType ?? h.type ?? '';

const HOLDER_TYPES: Record<string, () => string> = {
  foundation: () => t('stats.prominent.foundation'),
  contract: () => t('stats.prominent.contract'),
  wallet: () => t('stats.prominent.wallet'),
};

function ProminentBlock() {
  const op = 'prominentBalance';
  const [type, setType] = useOption('prominent', op, 'type');
  const s = useSizes();
  return (
    <Block
      id="prominent"
      title={t('stats.prominent.title')}
      op={op}
      extra={{ type }}
      controls={<Choice label={t('stats.prominent.type')} value={type} onChange={setType} choices={paramValues(op, 'type').map((v) => [v, HOLDER_TYPES[v]?.() ?? v])} />}
    >
      {(v, o) => (
        <RankedTable
          caption={t('stats.prominent.caption')}
          rows={v.items}
          compare={o?.items}
          rowKey={(h) => h.id}
          limit={s.rows}
          share={(h) => h.share}
          columns={[
            { label: t('stats.prominent.holder'), cell: (h) => <Short id={h.id} name={h.name} /> },
            // A kind column only when it tells the rows apart (the type chosen above already names them).
            ...(new Set(v.items.map(kindOf)).size > 1 ? [{ label: t('stats.prominent.kind'), cell: kindOf }] : []),
            { label: t('stats.prominent.balance'), cell: (h) => <Num value={h.value} compact />, num: true },
          ]}
        />
      )}
    </Block>
  );
}

function TransfersBlock() {
  const s = useSizes();
  return (
    <Block id="transfers" title={t('stats.transfers.title')} op="eventTransferDistribution" wide>
      {(v, o) => (
        <div class="pair">
          <RankedTable
            caption={t('stats.transfers.caption')}
            rows={v.ranking}
            compare={o?.ranking}
            rowKey={(c) => c.id}
            limit={s.rows}
            share={(c) => c.share}
            columns={[
              { label: t('stats.transfers.contract'), cell: (c) => <Short id={c.id} name={c.name} /> },
              { label: t('stats.transfers.moved'), cell: (c) => <Num value={c.value} compact />, num: true },
            ]}
          />
          {v.series.x.length > 0 && <Chart series={v.series} compare={o?.series} label={t('stats.transfers.chart')} height={s.small} />}
        </div>
      )}
    </Block>
  );
}

export function HoldersSection() {
  return (
    <Blocks>
      <HolderChangeBlock />
      <BalanceBlock />
      <ProminentBlock />
      <ClaimedRewardsBlock />
      <TransfersBlock />
    </Blocks>
  );
}

