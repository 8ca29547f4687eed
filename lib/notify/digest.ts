/**
 * Quiet by design: what one check wants to say goes out as one notification.
 * Two or more become a digest (one line each), which replaces the previous
 * digest of the same feature. Pure.
 */
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import type { NotificationTarget, Notifier, UserNotification } from './notifier.ts';

/** What a feature's digest is called and where it leads. */
export interface DigestKind {
  /** A newer digest with this id replaces the older; each feature has its own, so one never hides another's. */
  readonly id: string;
  /** Its title, for `count` notifications. */
  readonly title: (count: number) => string;
  /** The last line when not all fit: "and {count} more", worded for what it counts. */
  readonly more: (count: number) => string;
  /**
   * Where it leads when its notifications lead to different places. Without
   * one: the dashboard of the project they share, else the first one's target.
   */
  readonly overview?: NotificationTarget;
}

export const DIGEST_ID = 'vantage-digest';
/** Metric alerts' digest (lib/alerts). */
export const ALERTS_DIGEST: DigestKind = {
  id: DIGEST_ID,
  title: (count) => t('notify.digest.title', count, { count: formatNumber(count) }),
  more: (count) => t('notify.digest.more', { count: formatNumber(count) }),
};
/** System notifications show a few lines; the rest is counted. */
export const DIGEST_LINES = 5;

function sameTarget(a: NotificationTarget, b: NotificationTarget): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function digestTarget(notes: readonly UserNotification[], kind: DigestKind): NotificationTarget {
  const first = notes[0]!;
  if (notes.every((n) => sameTarget(n.target, first.target))) return first.target;
  if (kind.overview) return kind.overview;
  const project = first.target.page === 'dashboard' ? first.target.project : null;
  return project !== null && notes.every((n) => n.target.page === 'dashboard' && n.target.project === project)
    ? { page: 'dashboard', project }
    : first.target;
}

/** The notifications to show for these: themselves when fewer than two, else one digest. */
export function digest(notes: readonly UserNotification[], kind: DigestKind = ALERTS_DIGEST): UserNotification[] {
  if (notes.length < 2) return [...notes];
  const lines = notes.slice(0, DIGEST_LINES).map((n) => `${n.title}: ${n.message}`);
  if (notes.length > DIGEST_LINES) lines.push(kind.more(notes.length - DIGEST_LINES));
  return [{ id: kind.id, title: kind.title(notes.length), message: lines.join('\n'), target: digestTarget(notes, kind) }];
}

/** Shows what a check has to say (a digest for two or more); answers how many notifications were shown. */
export async function deliver(notifier: Notifier, notes: readonly UserNotification[], kind: DigestKind = ALERTS_DIGEST): Promise<number> {
  let shown = 0;
  for (const n of digest(notes, kind)) if (await notifier.show(n)) shown++;
  return shown;
}
