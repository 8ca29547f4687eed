/** Holders: totals now, holder change, balance classes, prominent holders, claimed rewards, contracts used. */
import type { ViewOf } from '@/lib/stats/operation-views.ts';
import { paramValues } from '@/lib/stats/query.ts';
import { Block } from '@/components/stats/Block.tsx';
import { Blocks } from '@/components/stats/Blocks.tsx';
import { Chart } from '@/components/stats/Chart.tsx';
import { Choice, NumberOption, useOption } from '@/components/stats/controls.tsx';
import { Num } from '@/components/stats/Num.tsx';
import { RankedTable, Short } from '@/components/stats/RankedTable.tsx';
import { Split } from '@/components/stats/Split.tsx';
import { Figures, NoHistory, SoFar, useHeadlineItems, useSizes } from './shared.tsx';
import { ComparedHeadlines } from '@/components/stats/compared-lazy.ts';
import { t } from '@/lib/i18n/index.ts';

/** Each holder figure: its id on the page, its label, its headline number. */
const HOLDER_FIGURES = () => [
  ['total', t('stats.holders.total'), 'totalHolders'],
  ['active', t('stats.holders.active'), 'activeHolders'],
  ['new', t('stats.holders.new'), 'newHolders'],
] as const;

/**
 * The holder figures, by the rule of headline numbers (lib/stats/headline.ts):
 * the total at the end of the last complete day, the active holders on it,
 * the new holders over the compared days, each with its change; the day not
 * over follows apart, smaller.
 */
export function HolderFigures({ v, other = null }: { v: ViewOf<'holderChange'>; other?: ViewOf<'holderChange'> | null }) {
  const spec = HOLDER_FIGURES();
  const items = useHeadlineItems(spec);
  if (other) return <ComparedHeadlines caption={t('stats.holders.title')} items={spec} />;
  return (
    <>
      <Figures items={items} />
      <SoFar series={v.series} labels={{ active: t('stats.holders.active'), new: t('stats.holders.new') }} headline="activeHolders" />
    </>
  );
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

/** The rewards claimed over the compared days (a day so far is drawn, not added up), with their change. */
function RewardsFigures({ compared }: { compared: boolean }) {
  const spec = [['claimed', t('stats.rewards.total'), 'claimedRewards']] as const;
  const items = useHeadlineItems(spec);
  return compared ? <ComparedHeadlines caption={t('stats.rewards.title')} items={spec} /> : <Figures items={items} />;
}

function ClaimedRewardsBlock() {
  const s = useSizes();
  return (
    <Block id="rewards" title={t('stats.rewards.title')} op="dailyClaimedRewards" wide changes>
      {(v, o) => (
        <>
          <RewardsFigures compared={o !== null} />
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

