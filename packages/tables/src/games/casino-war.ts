import { rankOf } from '../cards.ts';
import { CARD_TABLE_MAX_MINOR, CARD_TABLE_MIN_MINOR } from '../limits.ts';
import { Shoe } from '../shoe.ts';
import { withDealing } from '../timings.ts';
import type { MarketDef, TableGame, TableOutcome } from '../types.ts';

const HANDS = [1, 2, 3, 4, 5, 6] as const;

const MARKETS: readonly MarketDef[] = HANDS.map((hand) => ({
  id: `hand-${hand}`,
  name: `Hand ${hand}`,
  oddsHundredths: 194,
}));

/**
 * Casino War (docs/decisions/0151): one card each to Hands 1–6, then one to the Dealer, from a fresh
 * six-deck shoe; ace high. A hand beating the Dealer pays 0.94 to 1; a hand of the Dealer's rank is a
 * war that the table settles as a push (the stake comes back); a lower hand loses.
 */
export const casinoWar: TableGame = {
  id: 'casino-war',
  name: 'Casino War',
  category: 'CasinoWar',
  minStakeMinor: CARD_TABLE_MIN_MINOR,
  maxStakeMinor: CARD_TABLE_MAX_MINOR,
  markets: MARKETS,
  timings: withDealing(4_000),
  deal(source): TableOutcome {
    const shoe = new Shoe(source, { decks: 6 });
    const hands = HANDS.map((hand) => ({ name: `Hand ${hand}`, cards: [shoe.card()] }));
    const dealer = shoe.card();
    const dealerRank = rankOf(dealer);
    const winners = HANDS.filter((_, index) => rankOf(hands[index]!.cards[0]!) > dealerRank);
    const refunds: Record<string, number> = {};
    HANDS.forEach((hand, index) => {
      if (rankOf(hands[index]!.cards[0]!) === dealerRank) refunds[`hand-${hand}`] = 100;
    });
    return {
      hands: [...hands, { name: 'Dealer', cards: [dealer] }],
      winner: winners.length === 0 ? 'Dealer' : winners.map((hand) => `Hand ${hand}`).join(', '),
      winningMarkets: winners.map((hand) => `hand-${hand}`),
      refunds,
    };
  },
};
