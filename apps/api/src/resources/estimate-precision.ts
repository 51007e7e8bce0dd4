/**
 * When a sampled estimate of a filter's matches may be shown as "about N" (issue 26): only when it is
 * within ±10 % of `count(*)` for 95 % of filters and practically never 25 % off. The error of an
 * estimate drawn from a sample is judged by the sample itself, from how many matches it saw: a share
 * `k / m` of a uniform sample has a relative standard error of `sqrt((1 − k/m)(1 − m/n) / k)` (`n`
 * the rows sampled from), about `1 / sqrt(k)`.
 *
 * The bar is a 95 % interval of ±8 %, not ±10 %: the in-process sample is minutes old, and the other
 * 2 % are left for the share of matches drifting between samples (rows inserted or changed since).
 * At that bar a share needs about 600 matches in the sample, and 25 % off is six standard errors.
 */
const Z_95 = 1.96;
const SAMPLING_ERROR_BAR = 0.08;

/** Whether an estimate with this relative standard error may be presented as one. */
export function isPresentable(relativeStandardError: number): boolean {
  return Number.isFinite(relativeStandardError) && Z_95 * relativeStandardError <= SAMPLING_ERROR_BAR;
}

/**
 * The relative standard error of `hits / drawn` as the share of the `population` a filter matches,
 * the `drawn` rows being a uniform sample of it. A sample of every row is exact (0); no hit says
 * nothing of the share (infinite).
 */
export function shareRelativeError(hits: number, drawn: number, population: number): number {
  if (hits <= 0 || drawn <= 0) return Number.POSITIVE_INFINITY;
  const unseen = population > 0 ? Math.max(0, 1 - drawn / population) : 0;
  return Math.sqrt(((1 - hits / drawn) * unseen) / hits);
}

/**
 * How unlikely a lower bound proven by a sample may be to be false: the sample's hits would have to
 * be this improbable if no more than the bound matched.
 */
const FALSE_BOUND_RISK = 1e-9;

/**
 * Whether a uniform sample's hits prove that more than `limit` of the `population` match, so the
 * answer "more than `limit`" needs no count. Were only `limit` rows to match, the sample would expect
 * `limit · drawn / population` hits; seeing `hits` or more is then a Poisson tail (a binomial's, for a
 * sample drawn row by row, is thinner), and the bound is proven when that tail is below
 * `FALSE_BOUND_RISK`. At ten million rows a sample of 10,000 expects 1 hit of a filter matching
 * 1,000, and 12 hits prove it; at a million it expects 10, and 35 prove it.
 */
export function provesMoreThan(hits: number, drawn: number, population: number, limit: number): boolean {
  if (hits <= 0 || drawn <= 0 || population <= limit) return false;
  return poissonTail(hits, (limit * drawn) / population) <= FALSE_BOUND_RISK;
}

/** P(X ≥ k) for X ~ Poisson(λ), summed from its k-th term; 1 when k is not above λ (no proof). */
export function poissonTail(k: number, lambda: number): number {
  if (k <= lambda) return 1;
  if (lambda <= 0) return 0;
  let term = Math.exp(-lambda + k * Math.log(lambda) - logFactorial(k));
  let sum = 0;
  for (let i = k; term > sum * 1e-17 && i < k + 10_000; i++) {
    sum += term;
    term *= lambda / (i + 1);
  }
  return sum;
}

/** ln n!, exactly below 20 and by Stirling's series above (relative error under 10⁻¹⁰). */
function logFactorial(n: number): number {
  if (n < 20) {
    let sum = 0;
    for (let i = 2; i <= n; i++) sum += Math.log(i);
    return sum;
  }
  return n * Math.log(n) - n + 0.5 * Math.log(2 * Math.PI * n) + 1 / (12 * n) - 1 / (360 * n ** 3);
}

/** One sampled page of a table: its rows, and those of them the filter matches. */
export interface SampledPage {
  rows: number;
  hits: number;
}

/**
 * The share of rows a filter matches, from whole pages sampled (`tablesample system`), and its
 * relative standard error. Pages are clusters: rows written together (one import, one day's
 * sign-ups) sit together and tend to match together, so 20,000 rows on 300 pages may know the share
 * no better than 300 rows would. The error is therefore taken from how much the pages differ (the
 * ratio estimator's variance over clusters), not from the number of rows. Fewer than
 * `MIN_PAGES` pages say too little of that spread to trust.
 */
export function clusteredShare(
  pages: readonly SampledPage[],
  sampledAll: boolean,
): { share: number; relativeStandardError: number } {
  const rows = pages.reduce((sum, page) => sum + page.rows, 0);
  const hits = pages.reduce((sum, page) => sum + page.hits, 0);
  if (rows === 0) return { share: 0, relativeStandardError: sampledAll ? 0 : Number.POSITIVE_INFINITY };
  const share = hits / rows;
  if (sampledAll) return { share, relativeStandardError: 0 };
  const n = pages.length;
  if (hits === 0 || n < MIN_PAGES) return { share, relativeStandardError: Number.POSITIVE_INFINITY };
  const spread = pages.reduce((sum, page) => sum + (page.hits - share * page.rows) ** 2, 0);
  const variance = (n / (n - 1)) * (spread / rows ** 2);
  return { share, relativeStandardError: Math.sqrt(variance) / share };
}

const MIN_PAGES = 30;
