/**
 * The user's settings: their shape, defaults and validation. Pure, so the
 * options page, the worker and tests share one definition.
 */
import { isSecureHttpUrl } from '@/lib/api/secure-url.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';

// wxt.config.ts reads these before WXT's aliases (and its #i18n) exist: they live apart.
export { LOCAL_HOST_PATTERNS, OPTIONAL_HOST_PATTERNS } from './host-patterns.ts';

export interface Settings {
  /** Data API base; may carry a stage prefix (`…/dev`). */
  readonly dataBaseUrl: string;
  /** Integration API base; carries the version (`…/v1`). */
  readonly integrationBaseUrl: string;
  /** Where to send the user when createUrl answers no URL; holds `{sessionId}`. */
  readonly proofPageTemplate: string;
  readonly defaultProject: string;
  /** Empty = all chains. */
  readonly defaultChainId: string;
  /** Empty = the service's default token. */
  readonly defaultTokenId: string;
  /** Score model offered to sites and used for lookups. */
  readonly scoreId: string;
  /** Minimum score offered to sites (the `condition` of a proof). */
  readonly minScore: number;
  /** Ask the service to verify a proof before handing it to a page. */
  readonly verifyBeforeHandOver: boolean;
  /** Give up on a proof flow after this many minutes. */
  readonly proofTimeoutMinutes: number;
  /** Keep the API key only until the browser closes (storage.session). */
  readonly keyInSessionOnly: boolean;
}

/** The local sandbox (`npm run sandbox`): what a fresh install points at. */
export const SANDBOX_ORIGIN = 'http://127.0.0.1:8787';

export const defaultSettings: Settings = Object.freeze({
  dataBaseUrl: `${SANDBOX_ORIGIN}/dev`,
  integrationBaseUrl: `${SANDBOX_ORIGIN}/v1`,
  proofPageTemplate: `${SANDBOX_ORIGIN}/proof/{sessionId}`,
  defaultProject: '',
  defaultChainId: '',
  defaultTokenId: '',
  scoreId: 'credit-v1',
  minScore: 580,
  verifyBeforeHandOver: true,
  proofTimeoutMinutes: 10,
  keyInSessionOnly: false,
});

export const SESSION_PLACEHOLDER = '{sessionId}';

/** Fields to check, each of any type: a form's text (lib/settings/form.ts), or what storage held. */
type UncheckedSettings = { readonly [K in keyof Settings]?: unknown };

export type SettingsErrors = Partial<Record<keyof Settings, string>>;

export type ValidationResult =
  | { readonly ok: true; readonly settings: Settings }
  | { readonly ok: false; readonly errors: SettingsErrors };

function httpUrlError(raw: string, what: string, isBase: boolean): string | null {
  if (!raw) return t('settings.error.required', { field: what });
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return t('settings.error.notUrl', { field: what });
  }
  if (/\s/.test(raw)) return t('settings.error.spaces', { field: what });
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return t('settings.error.scheme', { field: what });
  if (!isSecureHttpUrl(u)) {
    return isBase ? t('settings.error.insecureBase', { field: what }) : t('settings.error.insecurePage', { field: what });
  }
  if (u.username || u.password) return t('settings.error.credentials', { field: what });
  // Operation paths and queries are appended to a base, so it cannot carry its own.
  if (isBase && (u.search || u.hash || raw.includes('?') || raw.includes('#'))) return t('settings.error.queryOrHash', { field: what });
  return null;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

function wholeNumber(v: unknown, min: number, max: number, what: string): number | string {
  const s = text(v);
  if (!/^\d+$/.test(s)) return t('settings.error.wholeNumber', { field: what });
  const n = Number(s);
  if (n < min || n > max) return t('settings.error.between', { field: what, min: formatNumber(min), max: formatNumber(max) });
  return n;
}

/** Checks every field (a missing one comes from `base`); nothing is saved unless every field is valid. */
export function validateSettings(draft: UncheckedSettings, base: Settings = defaultSettings): ValidationResult {
  const errors: SettingsErrors = {};
  const pick = <K extends keyof Settings>(k: K) => (draft[k] === undefined ? base[k] : draft[k]);

  const urls = {
    dataBaseUrl: t('options.dataBaseUrl.label'),
    integrationBaseUrl: t('options.integrationBaseUrl.label'),
    proofPageTemplate: t('options.proofPageTemplate.label'),
  };
  const out: Record<string, unknown> = {};
  for (const [k, label] of Object.entries(urls) as [keyof typeof urls, string][]) {
    const v = text(pick(k));
    // Templates are checked with a stand-in session id, since `{}` is not URL-safe.
    const isTemplate = k === 'proofPageTemplate';
    const err = httpUrlError(isTemplate ? v.split(SESSION_PLACEHOLDER).join('x') : v, label, !isTemplate);
    if (err) errors[k] = err;
    out[k] = k === 'proofPageTemplate' ? v : v.replace(/\/+$/, '');
  }
  if (!errors.proofPageTemplate && !text(pick('proofPageTemplate')).includes(SESSION_PLACEHOLDER)) {
    errors.proofPageTemplate = t('settings.error.needsPlaceholder', { field: t('options.proofPageTemplate.label'), placeholder: SESSION_PLACEHOLDER });
  }
  for (const k of ['defaultProject', 'defaultChainId', 'defaultTokenId'] as const) out[k] = text(pick(k));
  out.scoreId = text(pick('scoreId'));
  if (!out.scoreId) errors.scoreId = t('settings.error.required', { field: t('options.scoreId.label') });

  const minScore = wholeNumber(pick('minScore'), 0, 1000, t('options.minScore.label'));
  if (typeof minScore === 'string') errors.minScore = minScore;
  else out.minScore = minScore;
  const timeout = wholeNumber(pick('proofTimeoutMinutes'), 1, 120, t('settings.field.proofTimeout'));
  if (typeof timeout === 'string') errors.proofTimeoutMinutes = timeout;
  else out.proofTimeoutMinutes = timeout;

  for (const k of ['verifyBeforeHandOver', 'keyInSessionOnly'] as const) out[k] = Boolean(pick(k));

  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, settings: Object.freeze(out as unknown as Settings) };
}

/** Stored settings split: the valid ones (defaults where a field is missing or set aside), and the fields that no longer validate, as stored. */
export interface CheckedSettings {
  readonly settings: Settings;
  readonly invalid: { readonly [K in keyof Settings]?: unknown };
}

export function checkStoredSettings(stored: unknown): CheckedSettings {
  const draft = (typeof stored === 'object' && stored !== null ? stored : {}) as UncheckedSettings;
  const first = validateSettings(draft);
  if (first.ok) return { settings: first.settings, invalid: {} };
  const invalid = Object.fromEntries(Object.keys(first.errors).map((k) => [k, draft[k as keyof Settings]]));
  const kept = Object.fromEntries(Object.entries(draft).filter(([k]) => !(k in first.errors)));
  const second = validateSettings(kept);
  return { settings: second.ok ? second.settings : defaultSettings, invalid };
}

/**
 * Settings read back from storage, with any field that no longer validates
 * (damaged storage, an older build's value) read as its default. Reading
 * changes nothing in storage: a migration, or Options when it opens, sets
 * such a value aside and tells the user (lib/storage/set-aside.ts).
 */
export function repairSettings(stored: unknown): Settings {
  return checkStoredSettings(stored).settings;
}

/** Longest key accepted: far above any real key, low enough to keep junk out. */
const MAX_KEY_LENGTH = 512;

/**
 * Checks an API key as typed ('' means "no key"). It travels as an HTTP
 * header value, so only visible ASCII is allowed; the message never quotes it.
 */
export function apiKeyError(key: string): string | null {
  const k = key.trim();
  if (!k) return null;
  if (k.length > MAX_KEY_LENGTH) return t('settings.error.keyTooLong', { max: formatNumber(MAX_KEY_LENGTH) });
  if (!/^[\x21-\x7e]+$/.test(k)) return t('settings.error.keyChars');
  return null;
}

/** Proof page URL for a session from the configured template. */
export function proofPageUrl(template: string, sessionId: string): string {
  return template.split(SESSION_PLACEHOLDER).join(encodeURIComponent(sessionId));
}

/** The origins a settings object needs host access to (for permissions.request). */
export function serviceOrigins(s: Pick<Settings, 'dataBaseUrl' | 'integrationBaseUrl'> & Partial<Pick<Settings, 'proofPageTemplate'>>): string[] {
  const origins = new Set<string>();
  // The proof page's host too: Vantage opens it only where the user granted access (docs/security.md).
  const page = s.proofPageTemplate?.split(SESSION_PLACEHOLDER).join('x');
  for (const u of [s.dataBaseUrl, s.integrationBaseUrl, ...(page ? [page] : [])]) {
    try {
      origins.add(new URL(u).origin);
    } catch {
      // An invalid URL never passes validation; nothing to ask for.
    }
  }
  return [...origins];
}
