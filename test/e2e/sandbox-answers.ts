import { getOperation, type DataOperationId } from '@/lib/api/catalog.ts';
import { requestParams, type StatsFilters } from '@/lib/stats/query.ts';
import type { Sandbox } from '@/test/sandbox/server.ts';

/**
 * What the sandbox's HTTP API itself answers, asked directly (not through
 * the extension): what a test expects the extension to show.
 */

type Service = Pick<Sandbox, 'dataBaseUrl' | 'integrationBaseUrl' | 'apiKey'>;

/** The popup's filters for a project: every chain, the default token, every DApp, the last 30 days. */
export const projectFilters = (project: string): StatsFilters => ({ project, chainId: '', tokenId: '', dapp: '', range: { days: 30 } });

async function json(url: string, apiKey: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { headers: { 'x-apikey': apiKey } });
  if (res.status !== 200) throw new Error(`The sandbox answered ${url} with HTTP ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A data operation for a project, with the parameters the popup sends for it. */
export async function sandboxStats(sb: Service, op: DataOperationId, project: string, extra?: Record<string, string>): Promise<Record<string, unknown>> {
  const params = requestParams({ op, filters: projectFilters(project), extra }, Date.now());
  delete params.project_id;
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return json(`${sb.dataBaseUrl}${getOperation(op).path.replace('{project_id}', project)}?${qs}`, sb.apiKey);
}

/**
 * A data operation for a project over the last 30 complete UTC days (worked out here from the clock, nothing of
 * the extension's code): what a headline figure beside its change covers.
 */
export async function sandboxCompleteDays(sb: Service, op: DataOperationId, project: string, nowMs = Date.now()): Promise<Record<string, unknown>> {
  const today = Math.floor(nowMs / 86_400_000) * 86_400;
  const qs = new URLSearchParams({ startTime: String(today - 30 * 86_400), endTime: String(today - 1) });
  return json(`${sb.dataBaseUrl}${getOperation(op).path.replace('{project_id}', project)}?${qs}`, sb.apiKey);
}

/** The holder figures beside their changes, from a holder answer over the compared days: total at their end, active holders on the last, new holders over all. */
export function holderHeadlines(answer: Record<string, unknown>): { total: number; active: number; new: number } {
  const logs = Object.entries(answer.logs as Record<string, { active: number; new: number }>).sort((a, b) => Number(a[0]) - Number(b[0]));
  return { total: (answer.now as { total: number }).total, active: logs.at(-1)![1].active, new: logs.reduce((n, [, d]) => n + d.new, 0) };
}

/** calculateCustomScore for an address under a model. */
export function sandboxScore(sb: Service, address: string, scoreId: string): Promise<Record<string, unknown>> {
  return json(`${sb.integrationBaseUrl}/platform-services/calculateCustomScore/${address}?scoreId=${scoreId}`, sb.apiKey);
}
