import { t } from '@/lib/i18n/index.ts';
import { formatNumber } from './number.ts';

/** How long ago something happened, in words: "just now", "3 min ago", "2 h ago", "5 days ago". */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 45) return t('format.age.justNow');
  const min = Math.round(s / 60);
  if (min < 60) return t('format.age.minutes', { count: formatNumber(min) });
  const h = Math.floor(min / 60);
  if (h < 48) return t('format.age.hours', { count: formatNumber(h) });
  const days = Math.floor(h / 24);
  return t('format.age.days', days, { count: formatNumber(days) });
}
