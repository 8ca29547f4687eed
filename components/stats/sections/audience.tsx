/** Audience: retention cohorts, new vs returning, countries, traffic share (the last two need web analytics). */
import { Block } from '@/components/stats/Block.tsx';
import { Blocks } from '@/components/stats/Blocks.tsx';
import { CohortTable } from '@/components/stats/CohortTable.tsx';
import { FlowView } from '@/components/stats/FlowView.tsx';
import { Num } from '@/components/stats/Num.tsx';
import { RankedTable } from '@/components/stats/RankedTable.tsx';
import { Split } from '@/components/stats/Split.tsx';
import { Figures, NoHistory, useCovers, useHeadlineItems, useSizes } from './shared.tsx';
import { ComparedFigures, ComparedHeadlines, PerProject } from '@/components/stats/compared-parts.tsx';
import type { ViewOf } from '@/lib/stats/operation-views.ts';
import { trafficVisitors } from '@/lib/stats/change-sources.ts';
import { t } from '@/lib/i18n/index.ts';

function RetentionBlock() {
  return (
    <Block id="retention" title={t('stats.retention.title')} op="retention" wide>
      {(v, o) => <CohortTable view={v} other={o} />}
    </Block>
  );
}

/**
 * Wallets and visitors, new against returning, over the compared days (the block asks for them: wholeDays), which
 * it says; the returning share's change in points.
 */
function InbounceSplits({ v, o }: { v: ViewOf<'userInbounce'>; o: ViewOf<'userInbounce'> | null }) {
  const covers = useCovers('returningShare');
  return (
    <>
      {covers && <p class="hint figure-covers" data-covers>{covers}</p>}
      <h4>{t('stats.inbounce.wallets')}</h4>
      <Split breakdown={v.wallet} compare={o?.wallet} label={t('stats.inbounce.wallets')} headlines={{ returning: 'returningShare' }} empty={t('stats.inbounce.noWallets')} />
      <h4>{t('stats.inbounce.visitors')}</h4>
      <Split breakdown={v.visitor} compare={o?.visitor} label={t('stats.inbounce.visitors')} headlines={{ returning: 'returningVisitorShare' }} empty={t('stats.inbounce.noVisitors')} />
    </>
  );
}

function InbounceBlock() {
  return (
    <Block id="inbounce" title={t('stats.inbounce.title')} op="userInbounce" changes wholeDays alerts={['returningShare']}>
      {(v, o) => <InbounceSplits v={v} o={o} />}
    </Block>
  );
}

function CountriesBlock() {
  const s = useSizes();
  return (
    <Block id="countries" title={t('stats.countries.title')} op="distributionByCountries">
      {(v, o) => (
        <>
          {o && (
            <ComparedFigures
              caption={t('stats.countries.title')}
              items={[
                { id: 'visitors', label: t('stats.countries.totalVisitors'), a: { value: v.totalVisitors }, b: { value: o.totalVisitors } },
                { id: 'wallets', label: t('stats.countries.totalWallets'), a: { value: v.totalWallets }, b: { value: o.totalWallets } },
              ]}
            />
          )}
          {!o && (v.totalVisitors !== null || v.totalWallets !== null) && (
            <>
              <Figures
                items={[
                  { id: 'visitors', label: t('stats.countries.totalVisitors'), value: v.totalVisitors },
                  { id: 'wallets', label: t('stats.countries.totalWallets'), value: v.totalWallets },
                ]}
              />
              <NoHistory />
            </>
          )}
          {v.items.length === 0 ? <p class="empty">{t('stats.countries.noList')}</p> : <RankedTable
          caption={t('stats.countries.caption')}
          rows={v.items}
          compare={o?.items}
          rowKey={(c) => c.id}
          limit={s.rows}
          share={(c) => c.share}
          columns={[
            { label: t('stats.countries.country'), cell: (c) => c.name },
            { label: t('stats.countries.visitors'), cell: (c) => <Num value={c.visitors} compact />, num: true },
            { label: t('stats.countries.wallets'), cell: (c) => <Num value={c.wallets} compact />, num: true },
          ]}
        />}
        </>
      )}
    </Block>
  );
}

const TRAFFIC_FIGURES = () => [['visitors', t('stats.traffic.visitors'), 'trafficVisitors']] as const;

/** The visitors of the compared days (the block asks for them: wholeDays), with their change; nothing when the flow gives none. */
function TrafficFigures({ v }: { v: ViewOf<'trafficShare'> }) {
  const items = useHeadlineItems(TRAFFIC_FIGURES());
  return trafficVisitors(v) === null ? null : <Figures items={items} />;
}

function TrafficBlock() {
  const s = useSizes();
  return (
    <Block id="traffic" title={t('stats.traffic.title')} op="trafficShare" wide changes wholeDays>
      {(v, o) => o
        ? (
          <>
            <ComparedHeadlines caption={t('stats.traffic.title')} items={TRAFFIC_FIGURES()} />
            <PerProject view={v} other={o}>{(view) => <FlowView view={view} limit={s.rows} />}</PerProject>
          </>
        )
        : (
          <>
            <TrafficFigures v={v} />
            <FlowView view={v} limit={s.rows} />
          </>
        )}
    </Block>
  );
}

export function AudienceSection() {
  return (
    <Blocks>
      <RetentionBlock />
      <InbounceBlock />
      <CountriesBlock />
      <TrafficBlock />
    </Blocks>
  );
}

