/**
 * The dashboard's comparison state: which project is compared with the one
 * shown, held in the page's URL (`#project=A&compare=B`, lib/stats/dashboard-link.ts)
 * so a comparison is bookmarked and a reload restores it; how the other
 * project's blocks fare (reported apart from the first's); and its own retry.
 * Outside the dashboard (no link) there is never a comparison.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ApiErrorInfo } from '@/lib/api/errors.ts';
import { comparedFailure, type CompareValue } from './compare-context.ts';
import { useBlockReports } from './context.ts';

/** What the page's URL says of a comparison, and how to write it back. */
export interface ComparisonLink {
  /** The compared project the URL names (already checked: a project id, not the project itself). */
  readonly compare?: string;
  /** The URL named a comparison that could not be taken (lib/stats/dashboard-link.ts). */
  readonly badCompare?: boolean;
  /** Puts the current project and comparison in the URL, without reloading or adding a history step. */
  write(project: string, compare: string | undefined): void;
}

export interface Comparison {
  /** The compared project, or null. */
  readonly other: string | null;
  /** What the blocks get (compare-context.ts), or null without a comparison. */
  readonly value: CompareValue | null;
  /** The other project's failure, said once beside "Compare with…" (comparedFailure). */
  readonly failure: ApiErrorInfo | null;
  /** The URL's comparison was refused: said until a comparison is made or the note dismissed. */
  readonly badLink: boolean;
  start(other: string): void;
  stop(): void;
  retry(): void;
  dismissBadLink(): void;
}

export function useComparison(project: string, link: ComparisonLink | undefined): Comparison {
  const [chosen, setChosen] = useState<string | null>(link?.compare ?? null);
  const [badLink, setBadLink] = useState(!!link?.badCompare);
  const [refreshToken, setRefreshToken] = useState(0);
  // Each block withdraws its report when the comparison changes (compared-block.tsx): no failure outlives its comparison.
  const [reports, report] = useBlockReports();
  // A link followed while the page is open (the URL edited, a bookmark) says what is compared now.
  useEffect(() => {
    setChosen(link?.compare ?? null);
    if (link?.badCompare) setBadLink(true);
  }, [link?.compare, link?.badCompare]);
  // Never a project beside itself (the project field changed to the compared one): back to the single view.
  const other = link && project && chosen && chosen !== project ? chosen : null;
  useEffect(() => {
    if (link && project) link.write(project, other ?? undefined);
  }, [project, other]);
  const failure = other ? comparedFailure(Object.values(reports)) : null;
  const saidAbove = failure !== null;
  const value = useMemo<CompareValue | null>(
    () => (other ? { pair: { primary: project, other }, refreshToken, report, saidAbove } : null),
    [project, other, refreshToken, saidAbove],
  );
  return {
    other,
    value,
    failure,
    badLink,
    start: (next) => {
      setBadLink(false);
      setChosen(next);
    },
    stop: () => setChosen(null),
    retry: () => setRefreshToken((n) => n + 1),
    dismissBadLink: () => setBadLink(false),
  };
}
