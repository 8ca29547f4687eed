import { notGrantedMessage, type HostsGranted } from './host-access.ts';
import { ApiClient } from '@/lib/api/client.ts';
import { moreThan, toErrorInfo, type ApiErrorInfo } from '@/lib/api/errors.ts';
import type { SettingsDraft } from './form.ts';
import { validateSettings } from './schema.ts';
import { t } from '@/lib/i18n/index.ts';

/**
 * "Test connection" in Options: one cheap data call with the values on the
 * form (saved or not), and a plain-words verdict. The probe gathers facts;
 * `describeConnection` (pure) turns them into words.
 */

/** The form's values the probe uses; the key as typed is sent from the extension's own page to its own worker only. */
export type ConnectionInput = Pick<SettingsDraft, 'dataBaseUrl' | 'integrationBaseUrl' | 'defaultProject' | 'apiKey'>;

declare module '@/lib/messaging/protocol.ts' {
  interface WorkerRequests {
    'settings.testConnection': { request: ConnectionInput; response: ConnectionVerdict };
  }
}

export type ConnectionStatus =
  | 'works'
  | 'unknown-project'
  | 'no-key'
  | 'key-rejected'
  | 'unreachable'
  | 'wrong-base'
  | 'rate-limited'
  | 'server-error'
  | 'failed';

export interface ConnectionVerdict {
  readonly status: ConnectionStatus;
  /** True when the service took the key. */
  readonly ok: boolean;
  readonly message: string;
}

/** Verdicts given before any request is sent (here and by the Options form). */
export const noKey = (): ConnectionVerdict => ({ status: 'no-key', ok: false, message: t('settings.connection.noKey') });
export const badBases = (): ConnectionVerdict => ({ status: 'failed', ok: false, message: t('settings.connection.badBases') });

/** What one probe found, as plain data. */
export interface ProbeOutcome {
  readonly dataBaseUrl: string;
  /** The project asked about: the default project, or a stand-in when none is set. */
  readonly project: string;
  readonly projectConfigured: boolean;
  /** Absent when the service answered with data. */
  readonly error?: ApiErrorInfo;
  /** The failing answer was JSON, i.e. the service itself spoke (not a proxy or a wrong path). */
  readonly jsonAnswer?: boolean;
}

/** Asked about when no default project is set: any answer but "bad key" shows the key works. */
export const STAND_IN_PROJECT = 'vantage-connection-check';

/** AWS API Gateway's answer for a path it has no route for (a missing stage prefix), sent as 403. */
const NO_ROUTE = /missing authentication token/i;

function stageHint(dataBaseUrl: string): string {
  let path = '';
  try {
    path = new URL(dataBaseUrl).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
  return ` ${path ? t('settings.connection.stagePrefix', { path }) : t('settings.connection.noStagePrefix')}`;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The verdict for a probe, in words a person can act on. Never includes the key. */
export function describeConnection(o: ProbeOutcome): ConnectionVerdict {
  const project = o.project;
  const e = o.error;
  if (!e) return { status: 'works', ok: true, message: t('settings.connection.works', { project }) };
  const wrongBase = (what: string): ConnectionVerdict => ({
    status: 'wrong-base',
    ok: false,
    message: `${t('settings.connection.wrongBase', { what })}${stageHint(o.dataBaseUrl)}`,
  });
  switch (e.kind) {
    case 'not-configured':
      // No key is caught before the probe (testConnection): what is left is a base the client refused.
      return badBases();
    case 'invalid-params':
      return { status: 'failed', ok: false, message: t('settings.connection.invalidProject', { project }) };
    case 'key-rejected':
      if (NO_ROUTE.test(e.message)) return wrongBase(t('settings.connection.nothingHere', { status: e.status ?? 403 }));
      return { status: 'key-rejected', ok: false, message: t('settings.connection.keyRejected') };
    case 'not-found': {
      // A JSON 404 that talks about the project came from the service itself, after it checked the key.
      const aboutProject = o.jsonAnswer === true && /project/i.test(e.message);
      if (aboutProject && !o.projectConfigured) {
        return { status: 'works', ok: true, message: t('settings.connection.worksNoProject') };
      }
      if (aboutProject) {
        return { status: 'unknown-project', ok: true, message: t('settings.connection.unknownProject', { project }) };
      }
      return wrongBase(o.projectConfigured ? t('settings.connection.notFoundProject', { project }) : t('settings.connection.notFound'));
    }
    case 'network':
      return { status: 'unreachable', ok: false, message: t('settings.connection.unreachable', { origin: originOf(o.dataBaseUrl) }) };
    case 'timeout':
      return { status: 'unreachable', ok: false, message: t('settings.connection.timeout', { origin: originOf(o.dataBaseUrl) }) };
    case 'redirected':
      return {
        status: 'wrong-base',
        ok: false,
        message: e.status ? t('settings.connection.redirectedStatus', { status: e.status }) : t('settings.connection.redirected'),
      };
    case 'rate-limited':
      return { status: 'rate-limited', ok: false, message: t('settings.connection.rateLimited') };
    case 'server-error':
      return { status: 'server-error', ok: false, message: t('settings.connection.serverError', { status: e.status ?? 500 }) };
    case 'bad-response':
      // HTTP 200 with no JSON: some web page, not the API.
      return e.status === undefined || o.jsonAnswer
        ? { status: 'failed', ok: false, message: moreThan(e.message, t('settings.connection.answeredError', { error: '' })) ? t('settings.connection.answeredError', { error: e.message }) : t('errors.client.unreadable') }
        : wrongBase(t('settings.connection.notLikeService'));
    default: {
      // The service's own words when it gave some (cleaned by the client), else what Vantage says of the answer.
      const heading = e.status ? t('settings.connection.refusedStatus', { status: e.status, error: '' }) : t('settings.connection.refused', { error: '' });
      const error = moreThan(e.detail ?? e.message, heading);
      const plain = e.status ? t('errors.refusedStatus', { status: e.status }) : t('errors.refused');
      return {
        status: 'failed',
        ok: false,
        message: !error ? plain : e.status ? t('settings.connection.refusedStatus', { status: e.status, error }) : t('settings.connection.refused', { error }),
      };
    }
  }
}

/** Replaces every occurrence of the secret, so no message can carry it onwards. */
function redact(text: string, secret: string): string {
  const s = secret.trim();
  return s ? text.split(s).join('•••') : text;
}

/** Checks a testConnection payload from a page (types at the boundary). */
export function parseConnectionInput(payload: unknown): ConnectionInput {
  const p = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  const str = (k: string) => {
    const v = p[k];
    if (typeof v !== 'string') throw new Error(`settings.testConnection: "${k}" must be a string.`);
    return v;
  };
  return {
    dataBaseUrl: str('dataBaseUrl'),
    integrationBaseUrl: str('integrationBaseUrl'),
    defaultProject: str('defaultProject'),
    apiKey: str('apiKey'),
  };
}

/** Runs the probe: one data call, no retries, a short timeout. */
export async function testConnection(
  input: ConnectionInput,
  hostsGranted: HostsGranted,
  fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a),
): Promise<ConnectionVerdict> {
  // The form checks the bases too, but this payload is only data: the key goes nowhere Save would refuse (plain http, …).
  const bases = validateSettings({ dataBaseUrl: input.dataBaseUrl, integrationBaseUrl: input.integrationBaseUrl });
  if (!bases.ok) return { ...badBases(), message: [badBases().message, ...Object.values(bases.errors)].join(' ') };
  // Options asks for the hosts before it tests; if the user refused, the key is not sent.
  if (!(await hostsGranted(input))) return { ...badBases(), message: notGrantedMessage(input) };
  if (!input.apiKey.trim()) return noKey();
  const project = input.defaultProject.trim() || STAND_IN_PROJECT;
  let jsonAnswer: boolean | undefined;
  const observed: typeof fetch = async (...args) => {
    const res = await fetchImpl(...args);
    jsonAnswer = /\bjson\b/i.test(res.headers.get('content-type') ?? '');
    return res;
  };
  const client = new ApiClient({
    apiKey: input.apiKey,
    dataBaseUrl: input.dataBaseUrl,
    integrationBaseUrl: input.integrationBaseUrl,
    fetch: observed,
    timeoutMs: 10_000,
    backoff: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 },
  });
  let error: ApiErrorInfo | undefined;
  try {
    await client.call('tokenBalanceDistribution', { project_id: project });
  } catch (e) {
    error = toErrorInfo(e);
  }
  const verdict = describeConnection({
    dataBaseUrl: input.dataBaseUrl,
    project,
    projectConfigured: project !== STAND_IN_PROJECT,
    error,
    jsonAnswer,
  });
  return { ...verdict, message: redact(verdict.message, input.apiKey) };
}
