/**
 * Slot titles: five reel strips, a wild, a paytable in line bets for 3, 4 and 5 of a kind (left to
 * right), and ten paylines over three rows. `documentedRtpPpm` is the exact RTP computed by
 * `exactRtp` (slot-rtp.ts, checked in the tests) and confirmed by simulation in the benchmark.
 */
export type SlotTitle = {
  readonly id: string;
  readonly name: string;
  readonly wild: string;
  /** One string per reel; each character is a symbol. */
  readonly reels: readonly string[];
  readonly paytable: Readonly<Record<string, readonly [number, number, number]>>;
  /** Row (0 top .. 2 bottom) on each of the five reels. */
  readonly paylines: readonly (readonly number[])[];
  readonly documentedRtpPpm: number;
};

const TEN_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 2, 1, 0, 1],
];

/**
 * Lays out a strip from symbol counts by dealing symbols round-robin, rarest first, so copies of a
 * symbol are spread along the reel instead of stacked (stacking changes line correlation, not RTP).
 */
export function stripOf(counts: Readonly<Record<string, number>>): string {
  const queue = Object.entries(counts)
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .map(([symbol, count]) => ({ symbol, left: count }));
  let strip = '';
  while (queue.some((entry) => entry.left > 0)) {
    for (const entry of queue) {
      if (entry.left > 0) {
        strip += entry.symbol;
        entry.left -= 1;
      }
    }
  }
  return strip;
}

const FRUIT_REEL = { W: 2, S: 3, B: 4, P: 5, O: 6, L: 8, C: 7 };
// Extra cherries on the last reel trim five-of-a-kind odds without touching the three-of-a-kind hits.
const FRUIT_LAST_REEL = { ...FRUIT_REEL, C: 10 };
const GEM_REEL = { X: 3, R: 3, E: 4, S: 5, A: 6, K: 9, Q: 9, J: 9 };

export const SLOT_TITLES: readonly SlotTitle[] = [
  {
    id: 'fruit-fives',
    name: 'Fruit Fives',
    wild: 'W',
    // W wild, S seven, B bell, P plum, O orange, L lemon, C cherry
    reels: [
      stripOf(FRUIT_REEL),
      stripOf(FRUIT_REEL),
      stripOf(FRUIT_REEL),
      stripOf(FRUIT_REEL),
      stripOf(FRUIT_LAST_REEL),
    ],
    paytable: {
      W: [50, 250, 1000],
      S: [30, 120, 500],
      B: [20, 60, 200],
      P: [12, 30, 100],
      O: [8, 20, 60],
      L: [6, 15, 40],
      C: [5, 10, 30],
    },
    paylines: TEN_LINES,
    documentedRtpPpm: 965_900, // 96.59 %
  },
  {
    id: 'gem-vault',
    name: 'Gem Vault',
    wild: 'X',
    // X wild, R ruby, E emerald, S sapphire, A/K/Q/J card symbols
    reels: [stripOf(GEM_REEL), stripOf(GEM_REEL), stripOf(GEM_REEL), stripOf(GEM_REEL), stripOf(GEM_REEL)],
    paytable: {
      X: [100, 500, 2500],
      R: [40, 150, 750],
      E: [25, 100, 400],
      S: [15, 60, 200],
      A: [10, 30, 100],
      K: [8, 20, 60],
      Q: [5, 15, 40],
      J: [5, 10, 30],
    },
    paylines: TEN_LINES,
    documentedRtpPpm: 945_697, // 94.57 %
  },
];
