import { useEffect, useState } from 'preact/hooks';
import { BADGE_METRICS, isBadgeMetric, type BadgeMetric } from '@/lib/badge/metrics.ts';
import { BADGE_OFF, badgeSettingItem, DEFAULT_BADGE_PERIOD_MINUTES, type BadgeSetting, type BadgeShows } from '@/lib/badge/setting.ts';
import { badgeDescription, badgeShowLabel, badgeWhat } from '@/lib/badge/wording.ts';
import { t } from '@/lib/i18n/index.ts';
import { comparedPeriods } from '@/lib/stats/periods.ts';
import type { StatsFilters } from '@/lib/stats/query.ts';

/**
 * Chooses the number on the toolbar badge (off by default), for the project shown now. Its choices name
 * the day or the period the badge shows in the mode chosen, and the line under them (their description for
 * a screen reader) says it in full (lib/badge/wording.ts).
 */
export function BadgeControl({ filters }: { filters: StatsFilters }) {
  const [setting, setSetting] = useState<BadgeSetting | null>(null);
  useEffect(() => {
    void badgeSettingItem.getValue().then(setSetting);
  }, []);
  if (!setting) return null;
  const shows: BadgeShows = setting.metric === 'off' ? 'value' : setting.show ?? 'value';
  const choose = (metric: string, show: BadgeShows = shows) => {
    const next: BadgeSetting = isBadgeMetric(metric) && filters.project
      ? { metric, filters, periodMinutes: DEFAULT_BADGE_PERIOD_MINUTES, ...(show === 'change' ? { show } : {}) }
      : BADGE_OFF;
    setSetting(next);
    void badgeSettingItem.setValue(next);
  };
  // The periods a change compares: the chosen badge's range, or (nothing chosen yet) the one a choice would take.
  const days = comparedPeriods(setting.metric === 'off' ? filters.range : setting.filters.range, Date.now())?.days ?? null;
  const described = setting.metric !== 'off' ? 'stats-badge-what' : undefined;
  return (
    <span class="badge-control">
      <label class="inline" for="stats-badge">
        {t('stats.tools.badge')}
      </label>
      <select id="stats-badge" value={setting.metric} aria-describedby={described} onChange={(e) => choose(e.currentTarget.value)}>
        <option value="off">{t('stats.tools.badgeOff')}</option>
        {(Object.keys(BADGE_METRICS) as BadgeMetric[]).map((id) => (
          <option key={id} value={id} disabled={!filters.project}>
            {badgeWhat(id, shows, days)}
          </option>
        ))}
      </select>
      {setting.metric !== 'off' && (
        <select id="stats-badge-show" aria-label={t('stats.tools.badgeShow')} aria-describedby={described} value={shows} onChange={(e) => choose(setting.metric, e.currentTarget.value as BadgeShows)}>
          <option value="value">{badgeShowLabel('value', days)}</option>
          <option value="change">{badgeShowLabel('change', days)}</option>
        </select>
      )}
      {setting.metric !== 'off' && (
        <span class="hint" id="stats-badge-what">
          {badgeDescription(setting.metric, shows, days, setting.filters.project, setting.periodMinutes)}
        </span>
      )}
    </span>
  );
}
