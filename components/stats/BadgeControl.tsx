import { useEffect, useState } from 'preact/hooks';
import { formatNumber } from '@/lib/format/number.ts';
import { BADGE_METRICS, isBadgeMetric } from '@/lib/badge/metrics.ts';
import { BADGE_OFF, badgeSettingItem, DEFAULT_BADGE_PERIOD_MINUTES, type BadgeSetting, type BadgeShows } from '@/lib/badge/setting.ts';
import { t } from '@/lib/i18n/index.ts';
import type { StatsFilters } from '@/lib/stats/query.ts';

/** Chooses the number on the toolbar badge (off by default), for the project shown now. */
export function BadgeControl({ filters }: { filters: StatsFilters }) {
  const [setting, setSetting] = useState<BadgeSetting | null>(null);
  useEffect(() => {
    void badgeSettingItem.getValue().then(setSetting);
  }, []);
  if (!setting) return null;
  const choose = (metric: string, show: BadgeShows = setting.metric === 'off' ? 'value' : setting.show ?? 'value') => {
    const next: BadgeSetting = isBadgeMetric(metric) && filters.project
      ? { metric, filters, periodMinutes: DEFAULT_BADGE_PERIOD_MINUTES, ...(show === 'change' ? { show } : {}) }
      : BADGE_OFF;
    setSetting(next);
    void badgeSettingItem.setValue(next);
  };
  return (
    <span class="badge-control">
      <label class="inline" for="stats-badge">
        {t('stats.tools.badge')}
      </label>
      <select id="stats-badge" value={setting.metric} onChange={(e) => choose(e.currentTarget.value)}>
        <option value="off">{t('stats.tools.badgeOff')}</option>
        {Object.entries(BADGE_METRICS).map(([id, m]) => (
          <option key={id} value={id} disabled={!filters.project}>
            {m.label}
          </option>
        ))}
      </select>
      {setting.metric !== 'off' && (
        <select id="stats-badge-show" aria-label={t('stats.tools.badgeShow')} value={setting.show ?? 'value'} onChange={(e) => choose(setting.metric, e.currentTarget.value as BadgeShows)}>
          <option value="value">{t('stats.tools.badgeShowValue')}</option>
          <option value="change">{t('stats.tools.badgeShowChange')}</option>
        </select>
      )}
      {setting.metric !== 'off' && <span class="hint">{t('stats.tools.badgeEvery', { project: setting.filters.project, minutes: formatNumber(setting.periodMinutes) })}</span>}
    </span>
  );
}
