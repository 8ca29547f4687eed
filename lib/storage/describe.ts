import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { validateSettings, type Settings } from '@/lib/settings/schema.ts';
import type { SetAsideRecord, SetAsideSource } from './set-aside.ts';

/** What Options says about one record set aside, in the user's language. */
export interface SetAsideText {
  readonly text: string;
  /** What the user can do about it. */
  readonly help: string;
  /** The settings field it can be put back into, if any. */
  readonly restoreTo?: keyof Settings;
  /** What was set aside, to show on request (JSON, for list entries). */
  readonly details?: string;
}

const SOURCE: Readonly<Record<SetAsideSource, () => string>> = {
  settings: () => t('attention.source.settings'),
  siteLists: () => t('attention.source.siteLists'),
  scoreRecent: () => t('attention.source.scoreRecent'),
  watchlist: () => t('attention.source.watchlist'),
  sitePseudonyms: () => t('attention.source.sitePseudonyms'),
  alertRules: () => t('attention.source.alertRules'),
  alertSchedule: () => t('attention.source.alertSchedule'),
  badge: () => t('attention.source.badge'),
  statsUi: () => t('attention.source.statsUi'),
  proofHistory: () => t('attention.source.proofHistory'),
  pinnedProjects: () => t('attention.source.pinnedProjects'),
};

const FIELD: Readonly<Record<keyof Settings, () => string>> = {
  dataBaseUrl: () => t('options.dataBaseUrl.label'),
  integrationBaseUrl: () => t('options.integrationBaseUrl.label'),
  proofPageTemplate: () => t('options.proofPageTemplate.label'),
  defaultProject: () => t('options.defaultProject.label'),
  defaultChainId: () => t('options.defaultChainId.label'),
  defaultTokenId: () => t('options.defaultTokenId.label'),
  scoreId: () => t('options.scoreId.label'),
  minScore: () => t('options.minScore.label'),
  verifyBeforeHandOver: () => t('options.verifyBeforeHandOver.label'),
  proofTimeoutMinutes: () => t('options.proofTimeoutMinutes.label'),
  keyInSessionOnly: () => t('options.keyInSessionOnly.label'),
};

const isField = (f: string | undefined): f is keyof Settings => f !== undefined && Object.hasOwn(FIELD, f);

/** A value as the form would hold it: text as it is, anything else as JSON. */
export function asFormText(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v) ?? '';
}

const MAX_SHOWN = 120;
const shown = (s: string) => (s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN - 1)}…` : s);

export function describeSetAside(r: SetAsideRecord): SetAsideText {
  const what = SOURCE[r.source]();
  if (r.reason === 'unreadable') return { text: t('attention.unreadable', { what }), help: t('attention.entriesHelp') };
  if (r.source === 'settings' && isField(r.field)) {
    const value = asFormText(r.value);
    // Why, in today's words: the check as it stands now (the record keeps only the value).
    const check = validateSettings({ [r.field]: r.value });
    const why = check.ok ? '' : (check.errors[r.field] ?? '');
    return { text: t('attention.setting', { field: FIELD[r.field](), value: shown(value), why }), help: t('attention.settingHelp'), restoreTo: r.field };
  }
  const details = JSON.stringify(r.value, null, 2) ?? '';
  if (Array.isArray(r.value)) {
    const count = r.value.length;
    return { text: t('attention.entries', count, { what, count: formatNumber(count) }), help: t('attention.entriesHelp'), details };
  }
  return { text: t('attention.whole', { what }), help: t('attention.entriesHelp'), details };
}
