/**
 * What the stats UI asks for, in its own terms (a project, filters, a time
 * range, per-block options), and how that becomes an operation's parameters
 * and a cache key. Which parameters an operation takes comes from the catalog,
 * so a filter applies exactly where the endpoint accepts it.
 */
import { dataOperations, getOperation, isOperationId, type DataOperationId, type OperationSpec } from '@/lib/api/catalog.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { cacheKey } from '@/lib/cache/swr.ts';
import { formatList } from '@/lib/format/list.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { isoDate } from '@/lib/normalize/coerce.ts';

export const PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];

/** The last N days up to now, or whole UTC days `from`..`to` (YYYY-MM-DD, inclusive). */
export type TimeRange = { readonly days: PresetDays } | { readonly from: string; readonly to: string };

export interface StatsFilters {
  readonly project: string;
  /** Empty = all chains. */
  readonly chainId: string;
  /** Empty = the service's default token. */
  readonly tokenId: string;
  /** Empty = all DApps of the project. */
  readonly dapp: string;
  readonly range: TimeRange;
}

export interface StatsRequest {
  readonly op: DataOperationId;
  readonly filters: StatsFilters;
  /** Operation-specific parameters by catalog name (type, thresholds, limit). */
  readonly extra?: Readonly<Record<string, string | number>>;
}

/** The filters of the filter bar, by the catalog parameter each one sets. */
export const FILTER_PARAMS = ['chainId', 'tokenId', 'dapp'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

const DAY = 86_400;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A service id (a project, a score model): one word of letters, digits, `_`,
 * `.` or `-`, as the service's ids are.
 */
const SERVICE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function isServiceId(v: string): boolean {
  return SERVICE_ID.test(v);
}

/** A project id as the data API's path takes it. */
export const isProjectId = isServiceId;

function spec(op: DataOperationId): OperationSpec {
  return getOperation(op);
}

export function acceptsParam(op: DataOperationId, name: string): boolean {
  return spec(op).params.some((p) => p.name === name);
}

/** The catalog's default of a parameter (what the service applies when it is omitted). */
export function paramDefault(op: DataOperationId, name: string): string | number | undefined {
  return spec(op).params.find((p) => p.name === name)?.default;
}

/** Allowed values of a parameter, from the catalog. */
export function paramValues(op: DataOperationId, name: string): readonly string[] {
  return spec(op).params.find((p) => p.name === name)?.values ?? [];
}

/** Unix seconds of a YYYY-MM-DD (UTC), or null when it is not a real date. */
export function dateToSeconds(date: string): number | null {
  if (!DATE.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) || isoDate(ms / 1000) !== date ? null : ms / 1000;
}

/** Why a custom range is unusable, or null when it is fine. */
export function rangeError(range: TimeRange): string | null {
  if ('days' in range) return PRESET_DAYS.includes(range.days) ? null : t('stats.range.presetDays', { choices: formatList(PRESET_DAYS.map((d) => formatNumber(d)), 'disjunction') });
  const from = dateToSeconds(range.from);
  const to = dateToSeconds(range.to);
  if (from === null || to === null) return t('stats.range.bothDates');
  if (from > to) return t('stats.range.startAfterEnd');
  if (to - from > 366 * DAY) return t('stats.range.atMostYear');
  return null;
}

/** The window in Unix seconds: presets end now, custom ranges cover whole UTC days. */
export function rangeSeconds(range: TimeRange, nowMs: number): { start: number; end: number } {
  if ('days' in range) {
    const end = Math.floor(nowMs / 1000);
    return { start: end - range.days * DAY, end };
  }
  const start = dateToSeconds(range.from) ?? 0;
  const end = (dateToSeconds(range.to) ?? start) + DAY - 1;
  return { start, end };
}

/**
 * The parameters the operation is called with. Filters and times are sent
 * only to operations that take them; an extra the operation does not take is
 * a programming error and throws.
 */
export function requestParams(req: StatsRequest, nowMs: number): Record<string, string | number> {
  return build(req, () => rangeSeconds(req.filters.range, nowMs));
}

/**
 * The cache key: like the parameters, but with the time range in words
 * (`now-30d`..`now`, or the dates), so "last 30 days" names one entry
 * however often it is asked for.
 */
export function requestKey(req: StatsRequest): string {
  const r = req.filters.range;
  const words = 'days' in r ? { start: `now-${r.days}d`, end: 'now' } : { start: r.from, end: r.to };
  return cacheKey(req.op, build(req, () => words));
}

function build<T extends string | number>(req: StatsRequest, window: () => { start: T; end: T }): Record<string, string | number> {
  const { op, filters } = req;
  const out: Record<string, string | number> = { project_id: filters.project.trim() };
  for (const name of FILTER_PARAMS) {
    const v = filters[name].trim();
    if (v && acceptsParam(op, name)) out[name] = v;
  }
  if (acceptsParam(op, 'startTime') || acceptsParam(op, 'endTime')) {
    const { start, end } = window();
    if (acceptsParam(op, 'startTime')) out.startTime = start;
    if (acceptsParam(op, 'endTime')) out.endTime = end;
  }
  for (const [name, v] of Object.entries(req.extra ?? {})) {
    if (!acceptsParam(op, name) || name in out) throw new Error(`Operation "${op}" takes no option "${name}".`);
    if (String(v).trim() !== '') out[name] = v;
  }
  return out;
}

const dataIds = new Set<string>(dataOperations.map((o) => o.id));

function invalid(message: string): ApiError {
  return new ApiError({ kind: 'invalid-params', message });
}

function text(v: unknown, what: string): string {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw invalid(`${what} must be text.`);
  return v;
}

/** Checks a request arriving in a message (pages are trusted, but messages are data). */
export function parseStatsRequest(payload: unknown): StatsRequest {
  const p = (payload ?? {}) as Record<string, unknown>;
  if (typeof p.op !== 'string' || !isOperationId(p.op) || !dataIds.has(p.op)) throw invalid('Unknown statistics operation.');
  const f = (p.filters ?? {}) as Record<string, unknown>;
  const project = text(f.project, 'Project').trim();
  if (!project) throw invalid(t('stats.range.chooseProject'));
  const r = (f.range ?? {}) as Record<string, unknown>;
  const range: TimeRange = 'days' in r ? { days: r.days as PresetDays } : { from: text(r.from, 'From'), to: text(r.to, 'To') };
  const err = rangeError(range);
  if (err) throw invalid(err);
  const extra: Record<string, string | number> = {};
  for (const [k, v] of Object.entries((p.extra ?? {}) as Record<string, unknown>)) {
    if (typeof v !== 'string' && typeof v !== 'number') throw invalid(`Option "${k}" must be text or a number.`);
    if (!acceptsParam(p.op as DataOperationId, k)) throw invalid(`Option "${k}" does not apply here.`);
    extra[k] = v;
  }
  return {
    op: p.op as DataOperationId,
    filters: { project, chainId: text(f.chainId, 'Chain'), tokenId: text(f.tokenId, 'Token'), dapp: text(f.dapp, 'DApp'), range },
    extra,
  };
}
