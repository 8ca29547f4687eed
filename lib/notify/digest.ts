/**
 * Quiet by design: what one check wants to say goes out as one notification.
 * Two or more become a digest (one line each), which replaces the previous
 * digest. Pure.
 */
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import type { NotificationTarget, Notifier, UserNotification } from './notifier.ts';

export const DIGEST_ID = 'vantage-digest';
/** System notifications show a few lines; the rest is counted. */
export const DIGEST_LINES = 5;

function sameTarget(a: NotificationTarget, b: NotificationTarget): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The notifications to show for these: themselves when fewer than two, else one digest. */
export function digest(notes: readonly UserNotification[]): UserNotification[] {
  if (notes.length < 2) return [...notes];
  const first = notes[0]!;
  // One place to go: where they all lead; else the dashboard of the project they share; else the first one's.
  const project = first.target.page === 'dashboard' ? first.target.project : null;
  const target: NotificationTarget = notes.every((n) => sameTarget(n.target, first.target))
    ? first.target
    : project !== null && notes.every((n) => n.target.page === 'dashboard' && n.target.project === project)
      ? { page: 'dashboard', project }
      : first.target;
  const lines = notes.slice(0, DIGEST_LINES).map((n) => `${n.title}: ${n.message}`);
  if (notes.length > DIGEST_LINES) lines.push(t('notify.digest.more', { count: formatNumber(notes.length - DIGEST_LINES) }));
  return [{ id: DIGEST_ID, title: t('notify.digest.title', notes.length, { count: formatNumber(notes.length) }), message: lines.join('\n'), target }];
}

/** Shows what a check has to say (a digest for two or more); answers how many notifications were shown. */
export async function deliver(notifier: Notifier, notes: readonly UserNotification[]): Promise<number> {
  let shown = 0;
  for (const n of digest(notes)) if (await notifier.show(n)) shown++;
  return shown;
}
