import { useEffect, useRef } from 'preact/hooks';
import type { ScorePoint } from '@/lib/watch/watchlist.ts';
import { mountSparkline } from './sparkline.ts';

/** The history line of one watched address; `label` says in words what it shows. */
export function Sparkline({ points, label }: { points: readonly ScorePoint[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current || !points.length) return;
    const chart = mountSparkline(ref.current, points);
    return () => chart.destroy();
  }, [points]);
  return <div class="watch-spark" ref={ref} role="img" aria-label={label} />;
}
