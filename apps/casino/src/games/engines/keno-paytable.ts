/**
 * Keno pays by picks (1–10) and hits, in hundredths of the stake, for the published draw of 10 numbers
 * from 40. Tables are ours (docs/decisions/0147): within each, pays grow geometrically towards a top
 * prize of at most 1,000x, and every table returns 97.5–98 % (checked exactly in keno.test.ts).
 */
export const KENO_RISKS = ['low', 'medium', 'high'] as const;
export type KenoRisk = (typeof KENO_RISKS)[number];

export const KENO_PAYTABLES: Readonly<Record<KenoRisk, readonly (readonly number[])[]>> = {
  low: [
    [0, 392],
    [0, 175, 527],
    [0, 0, 566, 1690],
    [0, 0, 277, 832, 2490],
    [0, 0, 160, 480, 1440, 4320],
    [0, 0, 0, 450, 1350, 4050, 12100],
    [0, 0, 0, 260, 781, 2340, 7030, 21100],
    [0, 0, 0, 0, 773, 2310, 6950, 20800, 62600],
    [0, 0, 0, 0, 453, 1330, 3920, 11500, 33900, 100000],
    [0, 0, 0, 0, 310, 811, 2120, 5560, 14500, 38100, 100000],
  ],
  medium: [
    [0, 392],
    [0, 134, 804],
    [0, 0, 467, 2800],
    [0, 0, 183, 1100, 6610],
    [0, 0, 0, 650, 3900, 23400],
    [0, 0, 0, 278, 1660, 10000, 60000],
    [0, 0, 0, 0, 1260, 5410, 23200, 100000],
    [0, 0, 0, 0, 717, 2460, 8470, 29100, 100000],
    [0, 0, 0, 0, 0, 2880, 6990, 16900, 41100, 100000],
    [0, 0, 0, 0, 0, 1600, 3660, 8370, 19100, 43700, 100000],
  ],
  high: [
    [0, 392],
    [0, 0, 1690],
    [0, 0, 319, 4470],
    [0, 0, 0, 1360, 19100],
    [0, 0, 0, 339, 4750, 66500],
    [0, 0, 0, 0, 2560, 16000, 100000],
    [0, 0, 0, 0, 0, 14300, 37900, 100000],
    [0, 0, 0, 0, 0, 5870, 15100, 38800, 100000],
    [0, 0, 0, 0, 0, 0, 28600, 43400, 65900, 100000],
    [0, 0, 0, 0, 0, 0, 12500, 21000, 35300, 59400, 100000],
  ],
};

export function kenoPay(risk: KenoRisk, picks: number, hits: number): number {
  return KENO_PAYTABLES[risk][picks - 1]?.[hits] ?? 0;
}
