import { z } from 'zod';
import { cards, CARD_ORDER, MAX_CARDS } from '@backlay/fair';
import { done, fairValue, parseWith, refuse, type MultiEngine, type Step } from '../engine.ts';

export type HiloGuess = 'higher' | 'lower' | 'skip';
/** `deck` holds the 52 card indices drawn for the round; `guesses[i]` is about deck[i + 1]. */
export type HiloState = { readonly deck: readonly number[]; readonly guesses: readonly HiloGuess[] };

const rankOf = (index: number) => 2 + (index >> 2);

/**
 * Ranks (of 13) that win a guess from `rank`. "Higher" means higher or the same, except from a two where
 * only higher makes sense; "lower" likewise, except from an ace. Every rank is 1/13 (unlimited deck).
 */
export function winningRanks(rank: number, guess: 'higher' | 'lower'): number {
  if (guess === 'higher') return rank === 2 ? 12 : 15 - rank;
  return rank === 14 ? 12 : rank - 1;
}

export function guessWins(rank: number, next: number, guess: 'higher' | 'lower'): boolean {
  if (guess === 'higher') return rank === 2 ? next > rank : next >= rank;
  return rank === 14 ? next < rank : next <= rank;
}

/** Walks the guesses: whether one was lost, and the cash-out multiplier 0.99 × Π 13/k, floored. */
export function evaluate(state: HiloState): { lost: boolean; multiplierHundredths: number; wins: number } {
  let numerator = 99n;
  let denominator = 1n;
  let wins = 0;
  for (let i = 0; i < state.guesses.length; i++) {
    const guess = state.guesses[i]!;
    if (guess === 'skip') continue;
    const rank = rankOf(state.deck[i]!);
    if (!guessWins(rank, rankOf(state.deck[i + 1]!), guess))
      return { lost: true, multiplierHundredths: 0, wins };
    numerator *= 13n;
    denominator *= BigInt(winningRanks(rank, guess));
    wins += 1;
  }
  return { lost: false, multiplierHundredths: wins === 0 ? 0 : Number(numerator / denominator), wins };
}

/** Hi-Lo keeps the multiplier bounded: past this the round must be cashed out. */
export const HILO_MAX_MULTIPLIER_HUNDREDTHS = 100_000_000;

export const hiloEngine: MultiEngine<Record<string, never>, Record<string, never>, HiloState> = {
  kind: 'multi',
  parseParams: () => done({}),
  start(seeds) {
    const dealt = fairValue(cards(seeds, { count: MAX_CARDS }));
    if (!dealt.ok) return dealt;
    return done(stepOf({ deck: dealt.value.cards.map((card) => card.index), guesses: [] }));
  },
  act(state, raw) {
    const action = parseWith(z.object({ type: z.enum(['higher', 'lower', 'skip']) }), raw);
    if (!action.ok) return action;
    const current = evaluate(state);
    const left = state.deck.length - 1 - state.guesses.length;
    if (left < 1) return refuse('NO_CARDS_LEFT', 'No cards left: cash out.');
    // The last card is kept for a guess, so skipping can never leave a round without a way to end.
    if (action.value.type === 'skip' && left < 2)
      return refuse('NO_CARDS_LEFT', 'The last card needs a guess.');
    if (current.multiplierHundredths >= HILO_MAX_MULTIPLIER_HUNDREDTHS) {
      return refuse('MULTIPLIER_LIMIT', 'The highest multiplier is reached: cash out.');
    }
    return done(stepOf({ ...state, guesses: [...state.guesses, action.value.type] }));
  },
  cashOut(state) {
    const current = evaluate(state);
    if (current.wins === 0) return refuse('NOTHING_TO_CASH_OUT', 'Win at least one guess first.');
    return done({ ...stepOf(state), status: 'ended', actions: [] });
  },
  viewOf(state, status) {
    const result = evaluate(state);
    const ended = status === 'ended' || result.lost;
    const shown = state.deck.slice(0, state.guesses.length + 1);
    const rank = rankOf(shown[shown.length - 1]!);
    return {
      status: ended ? 'ended' : 'open',
      multiplierHundredths: result.multiplierHundredths,
      actions: ended ? [] : actionsOf(state.deck.length - 1 - state.guesses.length, result.wins),
      view: {
        cards: shown.map((index) => CARD_ORDER[index]!),
        guesses: state.guesses,
        lost: result.lost,
        chances: { higher: winningRanks(rank, 'higher'), lower: winningRanks(rank, 'lower') },
      },
    };
  },
};

function actionsOf(cardsLeft: number, wins: number): string[] {
  return [
    ...(cardsLeft > 0 ? ['higher', 'lower'] : []),
    ...(cardsLeft > 1 ? ['skip'] : []),
    ...(wins > 0 ? ['cashout'] : []),
  ];
}

function stepOf(state: HiloState): Step<HiloState> {
  return { state, ...hiloEngine.viewOf(state, 'open', {}) };
}
