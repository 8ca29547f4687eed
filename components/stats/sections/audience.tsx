/** Audience: retention cohorts, new vs returning, countries, traffic share (the last two need web analytics). */
import { Block } from '@/components/stats/Block.tsx';
import { CohortTable } from '@/components/stats/CohortTable.tsx';
import { FlowView } from '@/components/stats/FlowView.tsx';
import { Num } from '@/components/stats/Num.tsx';
import { RankedTable } from '@/components/stats/RankedTable.tsx';
import { Split } from '@/components/stats/Split.tsx';
import { useSizes } from './shared.tsx';

function RetentionBlock() {
  return (
    <Block id="retention" title="Retention" op="retention" wide>
      {(v) => <CohortTable view={v} />}
    </Block>
  );
}

function InbounceBlock() {
  return (
    <Block id="inbounce" title="New vs returning" op="userInbounce" alerts={['returningShare']}>
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

