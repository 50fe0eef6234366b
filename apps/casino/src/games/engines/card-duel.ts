import { z } from 'zod';
import { cards, CARD_ORDER, MAX_CARDS } from '@backlay/fair';
import { done, fairValue, parseWith, refuse, type SingleEngine } from '../engine.ts';
import { DUEL_SIDES, duelPayHundredths, playDuel, type CardDuelConfig } from './card-duel-rules.ts';

/** Baccarat and the other two-sided card tables: back a side, the cards come from the seeded deck. */
export const cardDuelEngine: SingleEngine<CardDuelConfig, { side: string }> = {
  kind: 'single',
  parseParams(raw, config) {
    const parsed = parseWith(z.object({ side: z.string().min(1).max(20) }), raw);
    if (parsed.ok && !DUEL_SIDES[config.variant].some((side) => side.id === parsed.value.side)) {
      return refuse('INVALID_PARAMS', 'Invalid side: not on this table.');
    }
    return parsed;
  },
  play(seeds, params, config) {
    const dealt = fairValue(cards(seeds, { count: MAX_CARDS }));
    if (!dealt.ok) return dealt;
    const duel = playDuel(
      config,
      dealt.value.cards.map((card) => card.index),
    );
    const hands = Object.fromEntries(
      Object.entries(duel.hands).map(([name, hand]) => [name, hand.map((index) => CARD_ORDER[index]!)]),
    );
    return done({
      multiplierHundredths: duelPayHundredths(config, params.side, duel),
      outcome: { winner: duel.winner, side: params.side, hands, detail: duel.detail },
    });
  },
};
