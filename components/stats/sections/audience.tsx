/** Audience: retention cohorts, new vs returning, countries, traffic share (the last two need web analytics). */
import { Block } from '@/components/stats/Block.tsx';
import { Blocks } from '@/components/stats/Blocks.tsx';
import { CohortTable } from '@/components/stats/CohortTable.tsx';
import { FlowView } from '@/components/stats/FlowView.tsx';
import { Num } from '@/components/stats/Num.tsx';
import { RankedTable } from '@/components/stats/RankedTable.tsx';
import { Split } from '@/components/stats/Split.tsx';
import { Figures, useSizes } from './shared.tsx';
import { ComparedFigures, PerProject } from '@/components/stats/compared-parts.tsx';
import { t } from '@/lib/i18n/index.ts';

function RetentionBlock() {
  return (
    <Block id="retention" title={t('stats.retention.title')} op="retention" wide>
      {(v, o) => <CohortTable view={v} other={o} />}
    </Block>
  );
}

function InbounceBlock() {
  return (
    <Block id="inbounce" title={t('stats.inbounce.title')} op="userInbounce" alerts={['returningShare']}>
      {(v, o) => (
        <>
          <h4>{t('stats.inbounce.wallets')}</h4>
          <Split breakdown={v.wallet} compare={o?.wallet} label={t('stats.inbounce.wallets')} />
          <h4>{t('stats.inbounce.visitors')}</h4>
          <Split breakdown={v.visitor} compare={o?.visitor} label={t('stats.inbounce.visitors')} />
        </>
      )}
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
                { id: 'visitors', label: t('stats.countries.totalVisitors'), a: v.totalVisitors, b: o.totalVisitors },
                { id: 'wallets', label: t('stats.countries.totalWallets'), a: v.totalWallets, b: o.totalWallets },
              ]}
            />
          )}
          {!o && (v.totalVisitors !== null || v.totalWallets !== null) && (
            <Figures
              items={[
                { id: 'visitors', label: t('stats.countries.totalVisitors'), value: v.totalVisitors },
                { id: 'wallets', label: t('stats.countries.totalWallets'), value: v.totalWallets },
              ]}
            />
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

function TrafficBlock() {
  const s = useSizes();
  return (
    <Block id="traffic" title={t('stats.traffic.title')} op="trafficShare" wide>
      {(v, o) => <PerProject view={v} other={o}>{(view) => <FlowView view={view} limit={s.rows} />}</PerProject>}
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

