/**
 * The comparison's own views ("Compare with…", the dashboard only) load with
 * the first comparison: the popup never compares, so none of their code (nor
 * lib/stats/compare.ts) weighs on its first paint (`npm run bench:popup`).
 */
import { lazy } from '@/components/ui/lazy.tsx';
import type { ComparedTable as ComparedTableType } from './ComparedTable.tsx';

// lazy() keeps props, not a generic component's type parameter: the cast gives it back.
export const ComparedTable = lazy(() => import('./ComparedTable.tsx').then((m) => m.ComparedTable)) as unknown as typeof ComparedTableType;
export const ComparedHeadlines = lazy(() => import('./compared-parts.tsx').then((m) => m.ComparedHeadlines));
export const ComparedSplit = lazy(() => import('./compared-parts.tsx').then((m) => m.ComparedSplit));
export const ComparedStatus = lazy(() => import('./compared-status.tsx').then((m) => m.ComparedStatus));
