import { describe, expect, it } from 'vitest';
import { marketOf, tableGame } from './catalogue.ts';
import { betReturnMinor } from './settle.ts';
import { dealing } from './test-support/sources.ts';
import type { TableGame, TableOutcome } from './types.ts';

const STAKE = 10_000n; // 100.00

/** What 100.00 on each market returns for this outcome, in minor units. */
function returns(game: TableGame, outcome: TableOutcome): Record<string, bigint> {
  return Object.fromEntries(
    game.markets.map((m) => [
      m.id,
      betReturnMinor(STAKE, m.id, marketOf(game, m.id)!.oddsHundredths, outcome),
    ]),
  );
}

const game = (id: string) => tableGame(id)!;

describe('Dragon Tiger', () => {
  const dt = game('dragon-tiger');
  it('pays the higher card even money, ace lowest', () => {
    const outcome = dt.deal(dealing({ decks: 8 }, ['AS', 'KD']));
    expect(outcome).toMatchObject({ winner: 'Tiger', winningMarkets: ['tiger'] });
    expect(returns(dt, outcome)).toEqual({ dragon: 0n, tiger: 20_000n, tie: 0n, 'suited-tie': 0n });
  });
  it('on a tie returns half of Dragon and Tiger and pays Tie 11 to 1', () => {
    const outcome = dt.deal(dealing({ decks: 8 }, ['7H', '7C']));
    expect(outcome.winner).toBe('Tie');
    expect(returns(dt, outcome)).toEqual({ dragon: 5_000n, tiger: 5_000n, tie: 120_000n, 'suited-tie': 0n });
  });
  it('pays a suited tie on both tie markets (eight decks)', () => {
    const outcome = dt.deal(dealing({ decks: 8 }, ['QS', 'QS']));
    expect(outcome.winner).toBe('Suited Tie');
    expect(returns(dt, outcome)).toMatchObject({ tie: 120_000n, 'suited-tie': 510_000n, dragon: 5_000n });
  });
});

describe('Lucky 7', () => {
  const lucky = game('lucky-7');
  it('a 7 loses Low and High and pays Lucky 7', () => {
    const outcome = lucky.deal(dealing({ decks: 1 }, ['7D']));
    expect(returns(lucky, outcome)).toEqual({
      low: 0n,
      high: 0n,
      seven: 120_000n,
      even: 0n,
      odd: 17_900n,
      red: 19_700n,
      black: 0n,
    });
  });
  it('an ace is a low, odd card; a queen a high, even one', () => {
    expect(lucky.deal(dealing({ decks: 1 }, ['AS'])).winningMarkets).toEqual(['low', 'odd', 'black']);
    expect(lucky.deal(dealing({ decks: 1 }, ['QH'])).winningMarkets).toEqual(['high', 'even', 'red']);
  });
});

describe('Teen Patti 20-20', () => {
  const tp = game('teen-patti-20');
  it('a trail beats a pure sequence', () => {
    // Dealt alternately: A1 B1 A2 B2 A3 B3.
    const outcome = tp.deal(dealing({ decks: 1 }, ['2C', 'AH', '2D', 'KH', '2S', 'QH']));
    expect(outcome.winner).toBe('Player A (Trail)');
    expect(returns(tp, outcome)).toEqual({ 'player-a': 19_800n, 'player-b': 0n });
  });
  it('an exact tie returns both stakes', () => {
    const outcome = tp.deal(dealing({ decks: 1 }, ['KC', 'KD', '9C', '9D', '4S', '4H']));
    expect(outcome.winner).toBe('Tie');
    expect(returns(tp, outcome)).toEqual({ 'player-a': STAKE, 'player-b': STAKE });
  });
});

describe('Poker 20-20', () => {
  const poker = game('poker-20');
  it('plays the best five of seven: a flush beats a straight', () => {
    // A1 B1 A2 B2, then the board.
    const outcome = poker.deal(dealing({ decks: 1 }, ['2H', 'TC', '9H', 'JD', 'KH', 'QS', '4H', '8H', '9D']));
    expect(outcome.winner).toBe('Player A (Flush)');
    expect(returns(poker, outcome)).toEqual({ 'player-a': 19_800n, 'player-b': 0n });
  });
  it('a board that plays for both splits the pot', () => {
    const outcome = poker.deal(dealing({ decks: 1 }, ['2H', '3C', '2D', '3S', 'TS', 'JS', 'QS', 'KS', 'AS']));
    expect(outcome.winner).toBe('Split (Straight Flush)');
    expect(returns(poker, outcome)).toEqual({ 'player-a': STAKE, 'player-b': STAKE });
  });
});

describe('Andar Bahar', () => {
  const ab = game('andar-bahar');
  it('the side that receives the first card of the Joker’s rank wins', () => {
    const outcome = ab.deal(dealing({ decks: 1 }, ['5C', '2D', '9S', 'KH', '5H']));
    expect(outcome.hands.map((h) => h.cards)).toEqual([['5C'], ['2D', 'KH'], ['9S', '5H']]);
    expect(returns(ab, outcome)).toEqual({ andar: 0n, bahar: 20_000n });
    const first = ab.deal(dealing({ decks: 1 }, ['5C', '5D']));
    expect(returns(ab, first)).toEqual({ andar: 19_000n, bahar: 0n });
  });
});

describe('32 Cards', () => {
  const cards32 = game('32-cards');
  it('adds the card to the player’s points; the players tied for the highest draw again', () => {
    // 8+K=21, 9+Q=21, 10+6=16, 11+7=18: 8 and 9 draw again, 8+9=30, 9+10=31.
    const deck = { decks: 1, ranks: [6, 7, 8, 9, 10, 11, 12, 13] };
    const outcome = cards32.deal(dealing(deck, ['KC', 'QC', '6C', '7C', '9D', 'TD']));
    expect(outcome.winner).toBe('Player 9 (31)');
    expect(returns(cards32, outcome)).toEqual({
      'player-8': 0n,
      'player-9': 58_500n,
      'player-10': 0n,
      'player-11': 0n,
    });
  });
});

describe('Baccarat', () => {
  const bac = game('baccarat');
  it('a natural stands and pays; a pair pays 11 to 1', () => {
    // Dealt P B P B: Player 4+4 = 8, Banker K+5 = 5.
    const outcome = bac.deal(dealing({ decks: 8 }, ['4S', 'KD', '4H', '5C']));
    expect(outcome.hands.map((h) => h.cards.length)).toEqual([2, 2]);
    expect(returns(bac, outcome)).toEqual({
      player: 20_000n,
      banker: 0n,
      tie: 0n,
      'player-pair': 120_000n,
      'banker-pair': 0n,
    });
  });
  it('follows the tableau: Banker on 3 stands against a Player third card of 8', () => {
    // Player A+2 = 3 draws an 8 → 1; Banker 3 stands → Banker wins 3 to 1.
    const outcome = bac.deal(dealing({ decks: 8 }, ['AS', 'TD', '2H', '3C', '8D']));
    expect(outcome.hands.map((h) => h.cards)).toEqual([
      ['AS', '2H', '8D'],
      ['TD', '3C'],
    ]);
    expect(returns(bac, outcome)).toMatchObject({ player: 0n, banker: 19_500n });
  });
  it('returns Player and Banker stakes on a tie and pays Tie 8 to 1', () => {
    const outcome = bac.deal(dealing({ decks: 8 }, ['9S', '9D', 'KH', 'QC']));
    expect(outcome.winner).toBe('Tie (9)');
    expect(returns(bac, outcome)).toMatchObject({ player: STAKE, banker: STAKE, tie: 90_000n });
  });
});

describe('Casino War', () => {
  const war = game('casino-war');
  it('pays hands above the Dealer, returns a hand of the Dealer’s rank', () => {
    const outcome = war.deal(dealing({ decks: 6 }, ['AS', '2C', '9D', '9H', 'KC', '3S', '9S']));
    expect(outcome.winner).toBe('Hand 1, Hand 5');
    expect(returns(war, outcome)).toEqual({
      'hand-1': 19_400n,
      'hand-2': 0n,
      'hand-3': STAKE,
      'hand-4': STAKE,
      'hand-5': 19_400n,
      'hand-6': 0n,
    });
  });
});

describe('3 Cards Judgement', () => {
  const judgement = game('3-card-judgement');
  it('Yes wins for each rank among the three cards, No for every other rank', () => {
    const outcome = judgement.deal(dealing({ decks: 1 }, ['AC', '7D', 'AH']));
    const paid = returns(judgement, outcome);
    expect(paid).toMatchObject({
      'yes-A': 44_500n,
      'yes-7': 44_500n,
      'no-A': 0n,
      'yes-K': 0n,
      'no-K': 12_400n,
    });
    expect(Object.values(paid).filter((value) => value > 0n)).toHaveLength(13);
  });
});

describe('Worli', () => {
  const matka = game('worli');
  it('the single is the last digit of the sum; a ten counts 0 in the patti', () => {
    const outcome = matka.deal(
      dealing({ decks: 1, ranks: [14, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, ['TS', '8D', 'AC']),
    );
    expect(outcome.winner).toBe('180-9');
    expect(outcome.winningMarkets).toEqual(['single-9', 'line-2', 'odd']);
    expect(returns(matka, outcome)).toMatchObject({ 'single-9': 95_000n, 'line-2': 19_500n, 'single-8': 0n });
  });
});
