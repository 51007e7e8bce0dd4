import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clusteredShare,
  isPresentable,
  poissonTail,
  provesMoreThan,
  type SampledPage,
  shareRelativeError,
} from './estimate-precision.js';

/**
 * The rule of issue 26 at the sizes it was written for (a million to ten million rows, the 10,000-row
 * in-process sample, 20,000 rows of sampled pages), which tests over a real table cannot afford:
 * sampling is simulated, and of the estimates the rule lets through, 95 % must be within 10 % of the
 * truth and none 25 % off, across filters of every share, rare to broad.
 */

/** A seeded generator (mulberry32): the same draws on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function binomial(draw: () => number, trials: number, chance: number): number {
  let hits = 0;
  for (let i = 0; i < trials; i++) if (draw() < chance) hits += 1;
  return hits;
}

/** Of the estimates presented: how many, how many within 10 %, the worst error. */
class Presented {
  count = 0;
  within10 = 0;
  worst = 0;

  add(estimate: number, truth: number): void {
    const error = Math.abs(estimate - truth) / truth;
    this.count += 1;
    if (error <= 0.1) this.within10 += 1;
    this.worst = Math.max(this.worst, error);
  }
}

/** Shares from one in a million to a half, evenly on a log scale: most filters are rare. */
const share = fc.double({ min: Math.log(1e-6), max: Math.log(0.5), noNaN: true }).map(Math.exp);

describe('isPresentable', () => {
  it('refuses what says nothing and accepts a whole table', () => {
    expect(isPresentable(shareRelativeError(0, 10_000, 1_000_000))).toBe(false);
    expect(isPresentable(shareRelativeError(50, 50, 50))).toBe(true);
    expect(isPresentable(clusteredShare([], false).relativeStandardError)).toBe(false);
  });

  it('needs about 600 matches in a small sample of a big table', () => {
    expect(isPresentable(shareRelativeError(550, 10_000, 1_000_000))).toBe(false);
    expect(isPresentable(shareRelativeError(620, 10_000, 1_000_000))).toBe(true);
  });

  it('keeps its promise for a uniform sample of 10,000 rows of 1–10 million', () => {
    const presented = new Presented();
    const filters = fc.sample(
      fc.record({ share, rows: fc.integer({ min: 1_000_000, max: 10_000_000 }), seed: fc.nat() }),
      { numRuns: 3_000, seed: 26 },
    );
    for (const filter of filters) {
      const draw = random(filter.seed);
      const drawn = binomial(draw, 10_000, 1);
      const hits = binomial(draw, drawn, filter.share);
      if (isPresentable(shareRelativeError(hits, drawn, filter.rows)))
        presented.add((hits / drawn) * filter.rows, filter.share * filter.rows);
    }
    expect(presented.count).toBeGreaterThan(100);
    expect(presented.within10 / presented.count).toBeGreaterThanOrEqual(0.95);
    expect(presented.worst).toBeLessThanOrEqual(0.25);
  });

  it('keeps its promise for sampled pages whose rows match together', () => {
    const presented = new Presented();
    const filters = fc.sample(
      fc.record({
        share,
        // The share of pages holding the matches: 1 spreads them evenly, 0.05 packs them into few.
        spread: fc.constantFrom(1, 0.5, 0.2, 0.05),
        seed: fc.nat(),
      }),
      { numRuns: 1_500, seed: 27 },
    );
    const rowsPerPage = 60;
    const pageCount = 330;
    for (const filter of filters) {
      const draw = random(filter.seed);
      const chance = Math.min(1, filter.share / filter.spread);
      const pages: SampledPage[] = Array.from({ length: pageCount }, () => ({
        rows: rowsPerPage,
        hits: draw() < filter.spread ? binomial(draw, rowsPerPage, chance) : 0,
      }));
      const estimated = clusteredShare(pages, false);
      const truth = filter.spread * chance;
      if (isPresentable(estimated.relativeStandardError)) presented.add(estimated.share, truth);
    }
    expect(presented.count).toBeGreaterThan(100);
    expect(presented.within10 / presented.count).toBeGreaterThanOrEqual(0.95);
    expect(presented.worst).toBeLessThanOrEqual(0.25);
  });
});

describe('provesMoreThan', () => {
  it('sums a Poisson tail as its closed form does', () => {
    // P(X ≥ 3) for λ = 1 is 1 − e⁻¹ (1 + 1 + 1/2).
    expect(poissonTail(3, 1)).toBeCloseTo(1 - Math.exp(-1) * 2.5, 12);
    expect(poissonTail(5, 5)).toBe(1);
  });

  it('proves "more than 1,000" from a handful of hits at ten million rows, from more at one million', () => {
    expect(provesMoreThan(12, 10_000, 10_000_000, 1_000)).toBe(true);
    expect(provesMoreThan(11, 10_000, 10_000_000, 1_000)).toBe(false);
    expect(provesMoreThan(35, 10_000, 1_000_000, 1_000)).toBe(true);
    expect(provesMoreThan(34, 10_000, 1_000_000, 1_000)).toBe(false);
    // A table no bigger than the limit, or a sample of every row, proves nothing by this rule.
    expect(provesMoreThan(900, 1_000, 1_000, 1_000)).toBe(false);
    expect(provesMoreThan(0, 10_000, 10_000_000, 1_000)).toBe(false);
  });

  it('is never wrong over simulated samples of filters matching up to the limit', () => {
    // The worst case: exactly the limit matches. 20,000 samples, each of 10,000 rows of 1–10 million.
    const draw = random(26);
    let proven = 0;
    for (let i = 0; i < 20_000; i++) {
      const population = 1_000_000 + Math.floor(draw() * 9_000_000);
      const hits = binomial(draw, 10_000, 1_000 / population);
      if (provesMoreThan(hits, 10_000, population, 1_000)) proven += 1;
    }
    expect(proven).toBe(0);
  });

  it('proves nearly every filter that matches thirty times the limit', () => {
    // At ten million rows such a filter expects 30 hits of the 12 needed; at ten times the limit
    // (10 hits) only about 70 % are proven, and those are counted as before.
    const draw = random(27);
    let proven = 0;
    for (let i = 0; i < 2_000; i++) {
      const population = 1_000_000 + Math.floor(draw() * 9_000_000);
      if (provesMoreThan(binomial(draw, 10_000, 30_000 / population), 10_000, population, 1_000)) proven += 1;
    }
    expect(proven).toBeGreaterThan(1_995);
  });
});
