import { describe, expect, it } from 'vitest';
import { CARD_ORDER } from '@backlay/fair';
import { handTotal, outcomeOf } from './blackjack.ts';
import { duelPayHundredths, playDuel } from './card-duel-rules.ts';
import { evaluate, winningRanks } from './hilo.ts';
import { fiveCardScore, threeCardScore, compareScores } from './poker-hands.ts';

const card = (code: string) => {
  const index = CARD_ORDER.indexOf(code);
  if (index < 0) throw new Error(code);
  return index;
};
const cards = (codes: string) => codes.split(' ').map(card);

describe('hi-lo', () => {
  it('counts winning ranks with the two and the ace as special cases', () => {
    expect([
      winningRanks(2, 'higher'),
      winningRanks(2, 'lower'),
      winningRanks(14, 'higher'),
      winningRanks(14, 'lower'),
    ]).toEqual([12, 1, 1, 12]);
    expect(winningRanks(7, 'higher') + winningRanks(7, 'lower')).toBe(14); // the seven itself counts both ways
  });

  it('multiplies 0.99 by 13/k per won guess, skips cost nothing, one loss ends it', () => {
    const deck = cards('7D 9H 9S 2C 5D');
    expect(evaluate({ deck, guesses: ['higher'] })).toEqual({
      lost: false,
      multiplierHundredths: Math.floor((99 * 13) / 8),
      wins: 1,
    });
    expect(evaluate({ deck, guesses: ['higher', 'skip', 'higher'] })).toEqual({
      lost: true,
      multiplierHundredths: 0,
      wins: 1,
    });
    expect(evaluate({ deck, guesses: ['higher', 'higher'] }).multiplierHundredths).toBe(
      Math.floor((99 * 169) / (8 * 6)),
    );
  });
});

describe('blackjack', () => {
  it('counts aces as 11 while that does not bust', () => {
    expect(handTotal(cards('AS 6D'))).toEqual({ total: 17, soft: true });
    expect(handTotal(cards('AS 6D 9C'))).toEqual({ total: 16, soft: false });
    expect(handTotal(cards('AS AD KC'))).toEqual({ total: 12, soft: false });
  });

  it('pays 2.5x a natural, 2x a win, 1x a push and nothing for a bust', () => {
    const state = (player: string, dealer: string, stood = true) => ({
      deck: [],
      player: cards(player),
      dealer: cards(dealer),
      stood,
    });
    expect(outcomeOf(state('AS KD', '9C 9D', false)).multiplierHundredths).toBe(250);
    expect(outcomeOf(state('AS KD', 'AC QD', false)).multiplierHundredths).toBe(100);
    expect(outcomeOf(state('TS 8D', '9C 7D TH')).multiplierHundredths).toBe(200);
    expect(outcomeOf(state('TS 8D', '9C TD')).multiplierHundredths).toBe(0);
    expect(outcomeOf(state('TS 8D', '9C TH')).result).toBe('lose');
    expect(outcomeOf(state('TS 8D 5C', '9C 9D', false)).result).toBe('bust');
    expect(outcomeOf(state('TS 8D', 'TC 8H')).multiplierHundredths).toBe(100);
  });
});

describe('card tables', () => {
  it('baccarat: the banker draws on 3 unless the player third card is an 8', () => {
    // Player 2+3 = 5 draws 8 → 3; banker 2+A = 3 stands against an 8.
    const duel = playDuel({ variant: 'baccarat', handSize: 5 }, cards('2D 2H 3S AC 8D 9C'));
    expect(duel.hands.banker).toHaveLength(2);
    expect(duel.detail).toEqual({ player: 3, banker: 3 });
    expect(duel.winner).toBe('tie');
    expect(duelPayHundredths({ variant: 'baccarat', handSize: 5 }, 'player', duel)).toBe(100);
    expect(duelPayHundredths({ variant: 'baccarat', handSize: 5 }, 'tie', duel)).toBe(900);
  });

  it('dragon tiger returns half on a tie; andar bahar finds the joker rank', () => {
    const tie = playDuel({ variant: 'dragon-tiger', handSize: 5 }, cards('7D 7S'));
    expect(duelPayHundredths({ variant: 'dragon-tiger', handSize: 5 }, 'dragon', tie)).toBe(50);
    const andar = playDuel({ variant: 'andar-bahar', handSize: 5 }, cards('QD 3S 4H QC'));
    expect(andar.winner).toBe('andar');
    expect(andar.hands.andar).toEqual(cards('3S QC'));
  });

  it('ranks poker hands: trail over pure sequence, flush over straight, wheel is the lowest straight', () => {
    expect(
      compareScores(threeCardScore(cards('5D 5H 5S')), threeCardScore(cards('QH KH AH'))),
    ).toBeGreaterThan(0);
    expect(
      compareScores(threeCardScore(cards('QH KH AH')), threeCardScore(cards('QD KH AS'))),
    ).toBeGreaterThan(0);
    expect(fiveCardScore(cards('2D 7D 9D JD KD'))[0]).toBe(5);
    expect(fiveCardScore(cards('AD 2H 3S 4C 5D'))).toEqual([4, 5]);
    expect(
      compareScores(fiveCardScore(cards('AD 2H 3S 4C 5D')), fiveCardScore(cards('2D 3H 4S 5C 6D'))),
    ).toBeLessThan(0);
    expect(fiveCardScore(cards('KD KH KS 4C 4D'))[0]).toBe(6);
    expect(
      compareScores(fiveCardScore(cards('KD KH 4S 4C 9D')), fiveCardScore(cards('KS KC 4D 4H 8D'))),
    ).toBeGreaterThan(0);
  });
});
