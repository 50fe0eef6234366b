import { rankOf } from '../cards.ts';
import { CARD_TABLE_MAX_MINOR, CARD_TABLE_MIN_MINOR, points } from '../limits.ts';
import { Shoe } from '../shoe.ts';
import { withDealing } from '../timings.ts';
import type { MarketDef, TableGame, TableOutcome } from '../types.ts';

/** Worli uses ace to ten: values 1–10 (ten counts 0 in the sum's last digit). */
const RANKS = [14, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const valueOf = (card: string) => (rankOf(card) === 14 ? 1 : rankOf(card));

const MARKETS: readonly MarketDef[] = [
  ...Array.from({ length: 10 }, (_, digit) => ({
    id: `single-${digit}`,
    name: `Single ${digit}`,
    oddsHundredths: 950,
    maxStakeMinor: points(10_000),
  })),
  { id: 'line-1', name: 'Line 1 (1-2-3-4-5)', oddsHundredths: 195 },
  { id: 'line-2', name: 'Line 2 (6-7-8-9-0)', oddsHundredths: 195 },
  { id: 'odd', name: 'Odd', oddsHundredths: 195 },
  { id: 'even', name: 'Even', oddsHundredths: 195 },
];

/**
 * Worli Matka (docs/decisions/0151): three cards from a fresh 40-card deck (ace to ten). The patti is the
 * three values in ascending order, the single the last digit of their sum. Single pays 8.5 to 1; Line 1
 * (single 1–5), Line 2 (6–9 or 0), Odd and Even 0.95 to 1.
 */
export const worli: TableGame = {
  id: 'worli',
  name: 'Worli Matka',
  category: 'Worli',
  minStakeMinor: CARD_TABLE_MIN_MINOR,
  maxStakeMinor: CARD_TABLE_MAX_MINOR,
  markets: MARKETS,
  timings: withDealing(3_000),
  deal(source): TableOutcome {
    const shoe = new Shoe(source, { decks: 1, ranks: RANKS });
    const cards = [shoe.card(), shoe.card(), shoe.card()];
    const values = cards.map(valueOf).sort((a, b) => a - b);
    const single = values.reduce((sum, value) => sum + value, 0) % 10;
    const winningMarkets = [
      `single-${single}`,
      single >= 1 && single <= 5 ? 'line-1' : 'line-2',
      single % 2 === 1 ? 'odd' : 'even',
    ];
    const patti = values.map((value) => value % 10).join('');
    return { hands: [{ name: 'Cards', cards }], winner: `${patti}-${single}`, winningMarkets, refunds: {} };
  },
};
