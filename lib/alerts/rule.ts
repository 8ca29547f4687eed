/**
 * A metric alert: a number from the shared metric catalog, for a project and
 * filters, and when to say so. Rules and their schedule are checked on the
 * way in (messages) and on the way out of storage: in Firefox, storage.local
 * can be written by a compromised renderer, so a stored rule counts only if
 * it is one the user could have made (docs/security.md).
 */
import { ApiError } from '@/lib/api/errors.ts';
import { t } from '@/lib/i18n/index.ts';
import { isStatMetric, STAT_METRICS, type StatMetricId } from '@/lib/stats/metrics.ts';
import { CHANGE_SOURCES } from '@/lib/stats/change-sources.ts';
import { parseStatsRequest, type StatsFilters, type TimeRange } from '@/lib/stats/query.ts';

export type AlertCondition =
  /** Fires when the number goes from below `value` to `value` or more. */
  | { readonly kind: 'above'; readonly value: number }
  /** Fires when it goes from above `value` to `value` or less. */
  | { readonly kind: 'below'; readonly value: number }
  /** Fires when a complete day differs from the day before by more than `percent` %, either way. */
  | { readonly kind: 'change'; readonly percent: number }
  /**
   * Fires when the change against the previous equal period (the rule's window
   * of complete days against as many before, lib/stats/periods.ts) goes past
   * `percent` % in `way` (a share: percentage points).
   */
  | { readonly kind: 'periodChange'; readonly percent: number; readonly way: ChangeWay };

/** Which way a period change must go to count. */
export type ChangeWay = 'up' | 'down' | 'either';
export const CHANGE_WAYS: readonly ChangeWay[] = ['either', 'up', 'down'];
/** The period a change rule compares when its window is not a "last N days" one. */
export const DEFAULT_CHANGE_DAYS = 30;

export interface AlertRuleInput {
  readonly metric: StatMetricId;
  readonly filters: StatsFilters;
  /** The block's options the number depends on (e.g. the whale threshold). */
  readonly extra?: Readonly<Record<string, string | number>>;
  readonly condition: AlertCondition;
}

export interface AlertRule extends AlertRuleInput {
  readonly id: string;
  readonly paused: boolean;
  readonly createdAt: number;
}

/** More rules than a person follows; a cap keeps a check (and storage) small. */
export const MAX_RULES = 50;
/**
 * Project ids as the service spells them. Stricter than the stats form: a
 * project id is written into notifications, which must not carry text that
 * did not come from the user's own choices.
 */
const PROJECT_ID = /^[A-Za-z0-9][\w.-]{0,63}$/;
const RULE_ID = /^[\w-]{1,64}$/;

function invalid(message: string): ApiError {
  return new ApiError({ kind: 'invalid-params', message });
}

function finite(v: unknown, message: () => string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw invalid(message());
  return v;
}

function percentOf(c: Record<string, unknown>): number {
  const percent = finite(c.percent, () => t('alerts.error.percentNotNumber'));
  if (percent <= 0 || percent > 10_000) throw invalid(t('alerts.error.percentPositive'));
  return percent;
}

export function parseCondition(v: unknown): AlertCondition {
  const c = (v ?? {}) as Record<string, unknown>;
  if (c.kind === 'above' || c.kind === 'below') return { kind: c.kind, value: finite(c.value, () => t('alerts.error.valueNotNumber')) };
  if (c.kind === 'change') return { kind: 'change', percent: percentOf(c) };
  if (c.kind === 'periodChange') {
    if (!CHANGE_WAYS.includes(c.way as ChangeWay)) throw invalid(t('alerts.error.chooseWay'));
    return { kind: 'periodChange', percent: percentOf(c), way: c.way as ChangeWay };
  }
  throw invalid(t('alerts.error.chooseCondition'));
}

/** Whether a period change can be followed for the metric: a snapshot (the whales) has no earlier figure to ask for. */
export function hasPeriodChange(metric: StatMetricId): boolean {
  return CHANGE_SOURCES[metric].kind !== 'snapshot';
}

/** The window a change rule compares: its own "last N days", else DEFAULT_CHANGE_DAYS (a fixed from..to never moves on). */
export function changeWindow(rule: Pick<AlertRule, 'filters'>): TimeRange {
  const r = rule.filters.range;
  return 'days' in r ? r : { days: DEFAULT_CHANGE_DAYS };
}

/** Checks a rule's user-chosen part (from a message or storage); throws ApiError('invalid-params'). */
export function parseRuleInput(v: unknown): AlertRuleInput {
  const r = (v ?? {}) as Record<string, unknown>;
  if (!isStatMetric(r.metric)) throw invalid(t('alerts.error.unknownMetric'));
  const metric = r.metric;
  const request = parseStatsRequest({ op: STAT_METRICS[metric].op, filters: r.filters, extra: r.extra });
  if (!PROJECT_ID.test(request.filters.project)) throw invalid(t('alerts.error.notProject'));
  const condition = parseCondition(r.condition);
  if (condition.kind === 'periodChange' && !hasPeriodChange(metric)) throw invalid(t('alerts.error.noHistory'));
  return { metric, filters: request.filters, ...(request.extra && Object.keys(request.extra).length ? { extra: request.extra } : {}), condition };
}

export function parseRule(v: unknown): AlertRule {
  const r = (v ?? {}) as Record<string, unknown>;
  if (typeof r.id !== 'string' || !RULE_ID.test(r.id)) throw invalid(t('alerts.error.unknownRule'));
  return { id: r.id, ...parseRuleInput(r), paused: r.paused === true, createdAt: typeof r.createdAt === 'number' ? r.createdAt : 0 };
}

/** The rules of a stored list that are well formed (at most MAX_RULES, ids unique); the rest count for nothing. */
export function validRules(v: unknown): AlertRule[] {
  const out: AlertRule[] = [];
  const seen = new Set<string>();
  for (const item of Array.isArray(v) ? v : []) {
    try {
      const rule = parseRule(item);
      if (!seen.has(rule.id)) out.push(rule);
      seen.add(rule.id);
    } catch {
      // dropped
    }
    if (out.length >= MAX_RULES) break;
  }
  return out;
}

/** The number the user typed, as the metric holds it: shares are typed as percentages. */
export function fromTyped(metric: StatMetricId, typed: number): number {
  return STAT_METRICS[metric].unit === 'share' ? typed / 100 : typed;
}

export function toTyped(metric: StatMetricId, value: number): number {
  return STAT_METRICS[metric].unit === 'share' ? Math.round(value * 100 * 1e6) / 1e6 : value;
}
