/** Small numeric helpers shared by the models (probabilities only; never money). */

/** Standard normal CDF, Abramowitz & Stegun 26.2.17 (absolute error < 7.5e-8). */
export function normalCdf(z: number): number {
  if (z < -8) return 0;
  if (z > 8) return 1;
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const density = 0.3989422804014327 * Math.exp((-z * z) / 2);
  const tail =
    density *
    t *
    (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? 1 - tail : tail;
}

/** Poisson probabilities P(0..maxCount) for mean `mean`; the last entry carries the upper tail. */
export function poissonTable(mean: number, maxCount: number): number[] {
  const table: number[] = [];
  let term = Math.exp(-mean);
  let total = 0;
  for (let k = 0; k < maxCount; k++) {
    table.push(term);
    total += term;
    term = (term * mean) / (k + 1);
  }
  table.push(Math.max(0, 1 - total));
  return table;
}

/** A Poisson draw by inversion; fine for the small means the models use. */
export function samplePoisson(mean: number, uniform: number): number {
  let term = Math.exp(-mean);
  let cumulative = term;
  let count = 0;
  while (uniform > cumulative && count < 100) {
    count++;
    term = (term * mean) / count;
    cumulative += term;
  }
  return count;
}

export function clamp(value: number, low: number, high: number): number {
  return value < low ? low : value > high ? high : value;
}

/** Index drawn from weights that sum to about 1 (the last index absorbs rounding). */
export function pickWeighted(weights: readonly number[], uniform: number): number {
  let cumulative = 0;
  for (let i = 0; i < weights.length - 1; i++) {
    cumulative += weights[i]!;
    if (uniform < cumulative) return i;
  }
  return weights.length - 1;
}
