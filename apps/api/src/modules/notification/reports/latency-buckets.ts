/**
 * The bounds (seconds) of the Delivery report's latency histogram: a sent message's time from queued
 * to sent falls in bucket i when `LATENCY_BOUNDS[i - 1] <= seconds < LATENCY_BOUNDS[i]` (bucket 0 below
 * the first bound, the last one from a day on), as PostgreSQL's `width_bucket` numbers them. Percentiles
 * cannot be summed, so the rollup keeps counts per bucket, which can. The migration that fills the
 * rollup holds the same list in SQL: changing it needs a migration that rebuilds
 * `report_delivery_latency` (the property test, which reads this list, fails while they differ).
 */
export const LATENCY_BOUNDS = [1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21_600, 86_400] as const;

/**
 * The p-th percentile (0 < p ≤ 1, nearest rank) of a histogram of counts per bucket, answered as the
 * upper bound of the bucket it falls in: "p50 ≤ 30 s". The bucket beyond the last bound has no upper
 * bound, so it answers the last bound (a day). No message: null (no time to tell, not 0 seconds).
 */
export function histogramPercentile(counts: readonly number[], p: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(p * total);
  let seen = 0;
  const bucket = counts.findIndex((count) => {
    seen += count;
    return seen >= rank;
  });
  return LATENCY_BOUNDS[Math.min(bucket, LATENCY_BOUNDS.length - 1)] ?? 0;
}
