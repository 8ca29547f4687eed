/**
 * Links into the dashboard at a given project (and, optionally, a metric):
 * `/dashboard.html#project=<id>&metric=<id>`. Pure: the address bar keyword
 * (lib/omnibox) and metric alerts build links with it, the dashboard page
 * reads its hash with it. The hash, not the query: the page stays one
 * document, and following another link to it is a `hashchange`.
 */

export const DASHBOARD_PAGE = '/dashboard.html' as const;

export interface DashboardTarget {
  readonly project: string;
  readonly metric?: string;
}

/** The dashboard page's path at a target, for `runtime.getURL`. */
export function dashboardUrlFor({ project, metric }: DashboardTarget): `${typeof DASHBOARD_PAGE}#${string}` {
  const hash = new URLSearchParams({ project: project.trim() });
  if (metric?.trim()) hash.set('metric', metric.trim());
  return `${DASHBOARD_PAGE}#${hash.toString()}`;
}

/** What a dashboard hash (`#project=…&metric=…`, with or without `#`) asks for; blank values are absent. */
export function parseDashboardHash(hash: string): Partial<DashboardTarget> {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const project = q.get('project')?.trim();
  const metric = q.get('metric')?.trim();
  return { ...(project ? { project } : {}), ...(metric ? { metric } : {}) };
}
