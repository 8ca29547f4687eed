/**
 * A headline number's change against the previous equal period
 * (lib/stats/change.ts): an arrow and a signed figure ("▲ +4.2%"), coloured
 * by direction, but never by colour alone: the arrow and sign say it too, and
 * screen readers get the sentence ("up 4.2% from the 30 days before").
 * `change` undefined: the earlier figure is still loading (the number itself
 * never waits for it). `perDay`: the periods are compared by their mean per
 * day (lib/stats/change-sources.ts comparesDailyMeans), said on hover.
 */
import { t } from '@/lib/i18n/index.ts';
import { changeDirection, changeShort, changeSpoken, type StatChange } from '@/lib/stats/change.ts';
import './change.css';

const ARROWS = { up: '\u25B2', down: '\u25BC', flat: '\u25AC' } as const;

export function Change({ change, days, perDay = false }: { change: StatChange | undefined; days: number; perDay?: boolean }) {
  if (change === undefined) {
    // Room kept, nothing said: the number beside it is what matters until the change arrives.
    return <span class="change change-loading" data-change="loading" aria-hidden="true" />;
  }
  const direction = changeDirection(change);
  const spoken = changeSpoken(change, days);
  const value = change.kind === 'relative' ? change.ratio : change.kind === 'points' ? change.points : undefined;
  const title = perDay && days > 1 && value !== undefined ? t('stats.change.perDay', { change: spoken }) : spoken;
  return (
    <span class={`change change-${direction ?? 'none'}`} data-change={direction ?? change.kind} data-delta={value} title={title}>
      <span aria-hidden="true">
        {direction && <span class="change-arrow">{ARROWS[direction]}</span>}
        {changeShort(change)}
      </span>
      <span class="sr-only">{spoken}</span>
    </span>
  );
}
