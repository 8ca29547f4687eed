import { useState } from 'preact/hooks';
import { dataOperations } from '@/lib/api/catalog.ts';
import { t } from '@/lib/i18n/index.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { isoDate } from '@/lib/normalize/coerce.ts';
import { operationSummary } from '@/lib/stats/operation-summary.ts';
import { PRESET_DAYS, rangeError, type FilterParam, type StatsFilters, type TimeRange } from '@/lib/stats/query.ts';

const FILTERS: readonly { param: FilterParam; label: () => string; placeholder: () => string }[] = [
  { param: 'chainId', label: () => t('stats.filters.chainId'), placeholder: () => t('stats.filters.chainIdPlaceholder') },
  { param: 'tokenId', label: () => t('stats.filters.tokenId'), placeholder: () => t('stats.filters.tokenIdPlaceholder') },
  { param: 'dapp', label: () => t('stats.filters.dapp'), placeholder: () => t('stats.filters.dappPlaceholder') },
];

/**
 * Which endpoints a filter applies to, from the catalog, for its tooltip. Worked out once a page
 * (its language is fixed), not twice per filter at every render: ~70 message lookups, ~1.5 ms of a popup open.
 */
const appliesToText = new Map<string, string>();
function appliesTo(param: string): string {
  let text = appliesToText.get(param);
  if (text === undefined) {
    const ops = dataOperations.filter((o) => o.params.some((p) => p.name === param)).map((o) => operationSummary(o.id));
    appliesToText.set(param, (text = t('stats.filters.appliesTo', { operations: ops.join('; ') })));
  }
  return text;
}

const today = () => isoDate(Date.now() / 1000);

export interface FilterBarProps {
  readonly filters: StatsFilters;
  readonly recentProjects: readonly string[];
  readonly onChange: (filters: StatsFilters) => void;
}

/**
 * Project, chain, token, DApp and time range. Text fields commit when they
 * change (Enter or leaving the field), not on every key: each commit starts
 * requests.
 */
export function FilterBar({ filters, recentProjects, onChange }: FilterBarProps) {
  const custom = !('days' in filters.range);
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const set = (patch: Partial<StatsFilters>) => onChange({ ...filters, ...patch });
  const commitText = (param: 'project' | FilterParam) => (e: Event) => {
    const v = (e.currentTarget as HTMLInputElement).value.trim();
    if (v !== filters[param]) set({ [param]: v });
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') (e.currentTarget as HTMLInputElement).dispatchEvent(new Event('change'));
  };
  const range = draft ?? (custom ? (filters.range as { from: string; to: string }) : null);
  const setRange = (r: TimeRange) => {
    if (!rangeError(r)) set({ range: r });
  };

  return (
    <form class="filters" onSubmit={(e) => e.preventDefault()}>
      <div class="field field-project">
        <label for="stats-project">{t('stats.filters.project')}</label>
        <input
          id="stats-project"
          key={`p:${filters.project}`}
          type="text"
          list="stats-recent"
          defaultValue={filters.project}
          placeholder={t('stats.filters.projectPlaceholder')}
          autoComplete="off"
          spellcheck={false}
          onChange={commitText('project')}
          onKeyDown={onEnter}
        />
        <datalist id="stats-recent">
          {recentProjects.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
      </div>
      {FILTERS.map((f) => (
        <div class="field" key={f.param}>
          <label for={`stats-${f.param}`} title={appliesTo(f.param)}>
            {f.label()}
          </label>
          <input
            id={`stats-${f.param}`}
            key={`${f.param}:${filters[f.param]}`}
            type="text"
            defaultValue={filters[f.param]}
            placeholder={f.placeholder()}
            title={appliesTo(f.param)}
            autoComplete="off"
            spellcheck={false}
            onChange={commitText(f.param)}
            onKeyDown={onEnter}
          />
        </div>
      ))}
      <div class="field field-range">
        <label for="stats-range">{t('stats.filters.range')}</label>
        <select
          id="stats-range"
          value={custom || draft ? 'custom' : String((filters.range as { days: number }).days)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (v === 'custom') {
              const to = today();
              const from = isoDate(Date.now() / 1000 - 29 * 86_400);
              setDraft({ from, to });
              setRange({ from, to });
            } else {
              setDraft(null);
              set({ range: { days: Number(v) as (typeof PRESET_DAYS)[number] } });
            }
          }}
        >
          {PRESET_DAYS.map((d) => (
            <option key={d} value={String(d)}>
              {t('stats.filters.lastDays', d, { count: formatNumber(d) })}
            </option>
          ))}
          <option value="custom">{t('stats.filters.custom')}</option>
        </select>
      </div>
      {range && (
        <div class="field field-dates">
          <label for="stats-from">{t('stats.filters.from')}</label>
          <input
            id="stats-from"
            type="date"
            value={range.from}
            max={today()}
            onChange={(e) => {
              const next = { ...range, from: e.currentTarget.value };
              setDraft(next);
              setRange(next);
            }}
          />
          <label for="stats-to">{t('stats.filters.to')}</label>
          <input
            id="stats-to"
            type="date"
            value={range.to}
            max={today()}
            onChange={(e) => {
              const next = { ...range, to: e.currentTarget.value };
              setDraft(next);
              setRange(next);
            }}
          />
          {rangeError(range) && <span class="field-error">{rangeError(range)}</span>}
        </div>
      )}
    </form>
  );
}
