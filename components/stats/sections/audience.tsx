/** Audience: retention cohorts, new vs returning, countries, traffic share (the last two need web analytics). */
import { Block } from '@/components/stats/Block.tsx';
import { Blocks } from '@/components/stats/Blocks.tsx';
import { CohortTable } from '@/components/stats/CohortTable.tsx';
import { FlowView } from '@/components/stats/FlowView.tsx';
import { Num } from '@/components/stats/Num.tsx';
import { RankedTable } from '@/components/stats/RankedTable.tsx';
import { Split } from '@/components/stats/Split.tsx';
import { Figures, NoHistory, useSizes } from './shared.tsx';
import { useChanges } from '@/components/stats/use-change.ts';
import type { ViewOf } from '@/lib/stats/operation-views.ts';
import { trafficVisitors } from '@/lib/stats/change-sources.ts';
import { t } from '@/lib/i18n/index.ts';

function RetentionBlock() {
  return (
    <Block id="retention" title={t('stats.retention.title')} op="retention" wide>
      {(v) => <CohortTable view={v} />}
    </Block>
  );
}

/** Wallets and visitors, new against returning; the returning share's change in points. */
function InbounceSplits({ v }: { v: ViewOf<'userInbounce'> }) {
  const c = useChanges(['returningShare', 'returningVisitorShare']);
  return (
    <>
      <h4>{t('stats.inbounce.wallets')}</h4>
      <Split breakdown={v.wallet} label={t('stats.inbounce.wallets')} changes={{ returning: c.returningShare }} />
      <h4>{t('stats.inbounce.visitors')}</h4>
      <Split breakdown={v.visitor} label={t('stats.inbounce.visitors')} changes={{ returning: c.returningVisitorShare }} />
    </>
  );
}

function InbounceBlock() {
  return (
    <Block id="inbounce" title={t('stats.inbounce.title')} op="userInbounce" changes alerts={['returningShare']}>
      {(v) => <InbounceSplits v={v} />}
    </Block>
  );
}

function CountriesBlock() {
  const s = useSizes();
  return (
    <Block id="countries" title={t('stats.countries.title')} op="distributionByCountries">
      {(v) => (
        <>
          {(v.totalVisitors !== null || v.totalWallets !== null) && (
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

/** The window's visitors, with their change. */
function TrafficFigures({ v }: { v: ViewOf<'trafficShare'> }) {
  const c = useChanges(['trafficVisitors']);
  const visitors = trafficVisitors(v);
  return visitors === null ? null : <Figures items={[{ id: 'visitors', label: t('stats.traffic.visitors'), value: visitors, change: c.trafficVisitors }]} />;
}

function TrafficBlock() {
  const s = useSizes();
  return (
    <Block id="traffic" title={t('stats.traffic.title')} op="trafficShare" wide changes>
      {(v) => (
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

