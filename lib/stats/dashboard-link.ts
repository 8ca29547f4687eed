/**
 * Links into the dashboard at a given project (and, optionally, a metric, or
 * a second project compared with it): `/dashboard.html#project=<id>&metric=<id>`,
 * `…#project=<id>&compare=<id>`. Pure: the address bar keyword (lib/omnibox)
 * and metric alerts build links with it, the dashboard page reads its hash
 * with it and writes it back as the comparison changes, so a comparison can
 * be bookmarked. The hash, not the query: the page stays one document, and
 * following another link to it is a `hashchange`.
 */
import { projectIdProblem } from './project-id.ts';

export const DASHBOARD_PAGE = '/dashboard.html' as const;

export interface DashboardTarget {
  readonly project: string;
  readonly metric?: string;
  /** A second project drawn beside the first ("Compare with…"). */
  readonly compare?: string;
}

/** The hash of a target: `project=…[&compare=…][&metric=…]`, blank parts left out. */
export function dashboardHash({ project, metric, compare }: DashboardTarget): string {
  const hash = new URLSearchParams({ project: project.trim() });
  if (compare?.trim()) hash.set('compare', compare.trim());
  if (metric?.trim()) hash.set('metric', metric.trim());
  return hash.toString();
}

/** The dashboard page's path at a target, for `runtime.getURL`. */
export function dashboardUrlFor(target: DashboardTarget): `${typeof DASHBOARD_PAGE}#${string}` {
  return `${DASHBOARD_PAGE}#${dashboardHash(target)}`;
}

export interface ParsedDashboardHash extends Partial<DashboardTarget> {
  /** A `compare` the link carried that is no project id (lib/stats/compare.ts), or the project itself: not compared, and said so. */
  readonly badCompare?: true;
}

/**
 * What a dashboard hash (`#project=…&metric=…&compare=…`, with or without
 * `#`) asks for; blank values are absent, a repeated one counts once (its
 * first). A comparison is only taken beside a project, when it is a project
 * id and not that project.
 */
export function parseDashboardHash(hash: string): ParsedDashboardHash {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const project = q.get('project')?.trim();
  const metric = q.get('metric')?.trim();
  const compare = q.get('compare')?.trim();
  const comparable = !!project && !!compare && projectIdProblem(compare) === null && compare !== project;
  return {
    ...(project ? { project } : {}),
    ...(metric ? { metric } : {}),
    ...(comparable ? { compare } : {}),
    ...(compare && !comparable ? { badCompare: true } : {}),
  };
}
