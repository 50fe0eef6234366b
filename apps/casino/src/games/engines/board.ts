import { z } from 'zod';
import { OutcomeStream, checkSeeds, type Seeds } from '@backlay/fair';
import { done, fairValue, parseWith, refuse, type SingleEngine } from '../engine.ts';
import { boardBets, type BoardConfig, type BoardDraw } from './board-bets.ts';

/**
 * One float per value from the published byte stream: a pocket is floor(float × pockets), a die
 * floor(float × 6) + 1, lottery balls are drawn without replacement like Keno.
 */
export function boardDraw(seeds: Seeds, config: BoardConfig): BoardDraw {
  const stream = new OutcomeStream(seeds);
  const pick = (n: number) => Math.floor(stream.nextFloat() * n);
  if (config.variant === 'roulette') return { values: [pick(config.pockets)] };
  if (config.variant === 'dice') return { values: Array.from({ length: config.dice }, () => pick(6) + 1) };
  const pool = Array.from({ length: config.numbers }, (_, i) => i + 1);
  return { values: Array.from({ length: config.picks }, () => pool.splice(pick(pool.length), 1)[0]!) };
}

export const boardEngine: SingleEngine<BoardConfig, { bet: string }> = {
  kind: 'single',
  parseParams(raw, config) {
    const parsed = parseWith(z.object({ bet: z.string().min(1).max(40) }), raw);
    if (parsed.ok && !boardBets(config).some((bet) => bet.id === parsed.value.bet)) {
      return refuse('INVALID_PARAMS', 'Invalid bet: not on this table.');
    }
    return parsed;
  },
  play(seeds, params, config) {
    const checked = fairValue(checkSeeds(seeds));
    if (!checked.ok) return checked;
    const draw = boardDraw(seeds, config);
    const bet = boardBets(config).find((candidate) => candidate.id === params.bet)!;
    const won = bet.wins(draw);
    return done({
      multiplierHundredths: won ? bet.multiplierHundredths : 0,
      outcome: { values: draw.values, bet: bet.id, won, payoutMultiplier: bet.multiplierHundredths },
    });
  },
};
