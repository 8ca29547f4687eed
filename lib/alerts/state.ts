/**
 * What checks leave behind, and the store interface the check and the
 * worker's routes go through. Pure: the storage items are in store.ts.
 * What is read back is checked: a damaged or forged entry counts for nothing.
 */
import type { FigureGap, StatChange } from '@/lib/stats/change.ts';
import type { Fired, RuleState } from './evaluate.ts';
import { validRules, type AlertRule } from './rule.ts';
import { validSchedule, type AlertSchedule } from './schedule.ts';

export interface AlertState {
  /** By rule id. */
  readonly rules: Readonly<Record<string, RuleState>>;
  /** Fired during quiet hours, told once they end. */
  readonly held: readonly Fired[];
  /** When the last scheduled or asked-for check ran (ms). */
  readonly lastRun?: number;
}

export const EMPTY_STATE: AlertState = Object.freeze({ rules: Object.freeze({}), held: Object.freeze([]) });

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function validRuleState(v: unknown): RuleState {
  const s = (v ?? {}) as Record<string, unknown>;
  const days = Array.isArray(s.days) ? s.days.filter((d): d is [number, number] => Array.isArray(d) && num(d[0]) && num(d[1])).slice(-3) : undefined;
  return {
    ...(num(s.lastCheck) ? { lastCheck: s.lastCheck } : {}),
    ...(num(s.lastValue) ? { lastValue: s.lastValue } : {}),
    ...(num(s.valueDay) ? { valueDay: s.valueDay } : {}),
    ...(typeof s.error === 'string' ? { error: s.error.slice(0, 200) } : {}),
    ...(days ? { days } : {}),
    ...(typeof s.firedOn === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s.firedOn) ? { firedOn: s.firedOn } : {}),
    ...(num(s.comparedDay) ? { comparedDay: s.comparedDay } : {}),
    ...(validChange(s.change) ? { change: s.change } : {}),
    ...(num(s.changeDays) ? { changeDays: s.changeDays } : {}),
    ...(num(s.lastChange) ? { lastChange: s.lastChange } : {}),
  };
}

const DIRECTIONS: readonly unknown[] = ['up', 'down', 'flat'];
const GAPS: readonly unknown[] = ['missing', 'unknown', 'no-days'] satisfies readonly FigureGap[];

/** A stored change (lib/stats/change.ts) as one could have been computed; anything else counts for nothing. */
function validChange(v: unknown): v is StatChange {
  const c = (v ?? {}) as Record<string, unknown>;
  switch (c.kind) {
    case 'no-earlier':
    case 'no-complete-day':
    case 'snapshot':
      return true;
    case 'no-current':
      return c.why === undefined || GAPS.includes(c.why);
    case 'from-zero':
      return DIRECTIONS.includes(c.direction) && num(c.current);
    case 'relative':
      return DIRECTIONS.includes(c.direction) && num(c.ratio);
    case 'points':
      return DIRECTIONS.includes(c.direction) && num(c.points);
    default:
      return false;
  }
}

function validFired(v: unknown): Fired | null {
  const f = (v ?? {}) as Record<string, unknown>;
  if (typeof f.ruleId !== 'string' || !num(f.at) || !num(f.value)) return null;
  return {
    ruleId: f.ruleId, at: f.at, value: f.value,
    ...(num(f.day) ? { day: f.day } : {}),
    ...(num(f.from) ? { from: f.from } : {}),
    ...(num(f.percent) ? { percent: f.percent } : {}),
    ...(num(f.days) ? { days: f.days } : {}),
  };
}

/** The state of known rules only. */
export function validState(v: unknown, rules: readonly AlertRule[]): AlertState {
  const s = (v ?? {}) as Record<string, unknown>;
  const stored = (typeof s.rules === 'object' && s.rules !== null ? s.rules : {}) as Record<string, unknown>;
  const ids = new Set(rules.map((r) => r.id));
  const states: Record<string, RuleState> = {};
  for (const id of ids) if (Object.hasOwn(stored, id)) states[id] = validRuleState(stored[id]);
  const held = (Array.isArray(s.held) ? s.held : []).map(validFired).filter((f): f is Fired => f !== null && ids.has(f.ruleId));
  return { rules: states, held, ...(num(s.lastRun) ? { lastRun: s.lastRun } : {}) };
}

/** Rules, state and schedule as read, checked. */
export function validData(rules: unknown, state: unknown, schedule: unknown): AlertData {
  const r = validRules(rules);
  return { rules: r, state: validState(state, r), schedule: validSchedule(schedule) };
}

export interface AlertData {
  readonly rules: readonly AlertRule[];
  readonly state: AlertState;
  readonly schedule: AlertSchedule;
}

/** Reads and writes the three items; the check and the worker's routes go through it (tests and the bench use a memory one). */
export interface AlertStore {
  load(): Promise<AlertData>;
  saveRules(rules: readonly AlertRule[]): Promise<void>;
  saveState(state: AlertState): Promise<void>;
  saveSchedule(schedule: AlertSchedule): Promise<void>;
}

