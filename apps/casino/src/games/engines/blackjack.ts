import { z } from 'zod';
import { cards, CARD_ORDER, MAX_CARDS } from '@backlay/fair';
import { done, fairValue, parseWith, type MultiEngine, type Step } from '../engine.ts';

export type BlackjackConfig = { readonly decks: number };
/** Cards are dealt from `deck` in order: player, dealer, player, dealer (hole card), then as drawn. */
export type BlackjackState = {
  readonly deck: readonly number[];
  readonly player: readonly number[];
  readonly dealer: readonly number[];
  readonly stood: boolean;
};

/** Card value: 2–10 as printed, faces 10, ace 1 (raised to 11 by `handTotal` when that does not bust). */
function valueOf(index: number): number {
  const rank = 2 + (index >> 2);
  return rank === 14 ? 1 : Math.min(10, rank);
}

/** Best total of a hand (aces count 11 while that does not bust) and whether it is soft. */
export function handTotal(hand: readonly number[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const index of hand) {
    const value = valueOf(index);
    total += value;
    if (value === 1) aces += 1;
  }
  const soft = aces > 0 && total + 10 <= 21;
  return { total: soft ? total + 10 : total, soft };
}

const isBlackjack = (hand: readonly number[]) => hand.length === 2 && handTotal(hand).total === 21;

/** Dealer draws to 17 and stands on every 17, soft ones included. */
function dealerPlays(state: BlackjackState): BlackjackState {
  const dealer = [...state.dealer];
  let next = state.player.length + dealer.length;
  while (handTotal(dealer).total < 17 && next < state.deck.length) dealer.push(state.deck[next++]!);
  return { ...state, dealer, stood: true };
}

/** Natural 2.5x, win 2x, push 1x (stake back), loss 0. */
export function outcomeOf(state: BlackjackState): {
  ended: boolean;
  multiplierHundredths: number;
  result: string | null;
} {
  const player = handTotal(state.player).total;
  const dealer = handTotal(state.dealer).total;
  if (isBlackjack(state.player) || isBlackjack(state.dealer)) {
    if (isBlackjack(state.player) && isBlackjack(state.dealer))
      return { ended: true, multiplierHundredths: 100, result: 'push' };
    return isBlackjack(state.player)
      ? { ended: true, multiplierHundredths: 250, result: 'blackjack' }
      : { ended: true, multiplierHundredths: 0, result: 'dealer-blackjack' };
  }
  if (player > 21) return { ended: true, multiplierHundredths: 0, result: 'bust' };
  if (!state.stood) return { ended: false, multiplierHundredths: 0, result: null };
  if (dealer > 21 || player > dealer) return { ended: true, multiplierHundredths: 200, result: 'win' };
  if (player === dealer) return { ended: true, multiplierHundredths: 100, result: 'push' };
  return { ended: true, multiplierHundredths: 0, result: 'lose' };
}

export const blackjackEngine: MultiEngine<BlackjackConfig, Record<string, never>, BlackjackState> = {
  kind: 'multi',
  parseParams: () => done({}),
  start(seeds) {
    const dealt = fairValue(cards(seeds, { count: MAX_CARDS }));
    if (!dealt.ok) return dealt;
    const deck = dealt.value.cards.map((card) => card.index);
    return done(stepOf({ deck, player: [deck[0]!, deck[2]!], dealer: [deck[1]!, deck[3]!], stood: false }));
  },
  act(state, raw) {
    const action = parseWith(z.object({ type: z.enum(['hit', 'stand']) }), raw);
    if (!action.ok) return action;
    if (action.value.type === 'stand') return done(stepOf(dealerPlays(state)));
    const next = state.player.length + state.dealer.length;
    const hit = { ...state, player: [...state.player, state.deck[next]!] };
    // Twenty-one stands by itself; a bust ends the round without the dealer drawing.
    return done(stepOf(handTotal(hit.player).total === 21 ? dealerPlays(hit) : hit));
  },
  cashOut: (state) => done(stepOf(dealerPlays(state))),
  viewOf(state) {
    const outcome = outcomeOf(state);
    const dealerShown = outcome.ended ? state.dealer : state.dealer.slice(0, 1);
    return {
      status: outcome.ended ? 'ended' : 'open',
      multiplierHundredths: outcome.multiplierHundredths,
      actions: outcome.ended ? [] : ['hit', 'stand'],
      view: {
        player: state.player.map((index) => CARD_ORDER[index]!),
        dealer: dealerShown.map((index) => CARD_ORDER[index]!),
        playerTotal: handTotal(state.player).total,
        dealerTotal: handTotal(dealerShown).total,
        result: outcome.result,
      },
    };
  },
};

function stepOf(state: BlackjackState): Step<BlackjackState> {
  return { state, ...blackjackEngine.viewOf(state, 'open', { decks: 1 }) };
}
