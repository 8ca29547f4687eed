/**
 * Percentile rank of a score within a population, 0–100: the share of the
 * population scoring below it, counting ties as half. Null for an empty population.
 */
export function percentileRank(score: number, population: readonly number[]): number | null {
  if (population.length === 0) return null;
  let below = 0;
  let equal = 0;
  for (const s of population) {
    if (s < score) below++;
    else if (s === score) equal++;
  }
  return Math.round((100 * (below + equal / 2)) / population.length);
}
