import type { TrafficShareView } from '@/lib/normalize/normalize.ts';
import { flowColumns } from '@/lib/stats/view-models.ts';
import { formatNumber, formatPercent } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { Num } from './Num.tsx';

/**
 * Traffic share as four columns (sources → sites → wallets → DApps), each
 * member's share as a bar, and the largest flows. Where four columns do not
 * fit (the popup), two rows of two; a long name wraps rather than be cut.
 */
export function FlowView({ view, limit }: { view: TrafficShareView; limit?: number }) {
  const columns = flowColumns(view);
  const flows = columns.flatMap((c) => c.out).sort((a, b) => b.users - a.users);
  return (
    <div class="flow">
      <ol class="flow-cols">
        {columns.map((c) => (
          <li key={c.name} class="flow-col">
            <h4>{c.name}</h4>
            <ul>
              {(limit ? c.nodes.slice(0, limit) : c.nodes).map((n) => (
                <li key={n.title} title={t('stats.flow.node', { title: n.title, users: formatNumber(n.users), share: formatPercent(n.ratio) })}>
                  <span class="bar" style={{ width: `${Math.min(1, n.ratio ?? 0) * 100}%` }} />
                  <span class="flow-title">{n.title}</span>
                  <Num value={n.users} compact />
                </li>
              ))}
              {c.nodes.length === 0 && <li class="muted">{t('stats.flow.none')}</li>}
            </ul>
          </li>
        ))}
      </ol>
      {flows.length > 0 && (
        <details class="flow-links">
          <summary>{t('stats.flow.largest')}</summary>
          <ul>
            {(limit ? flows.slice(0, limit * 2) : flows).map((f) => (
              <li key={`${f.from}>${f.to}`}>
                {f.from} → {f.to}: <Num value={f.users} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
