import { z } from 'zod';
import { dice } from '@backlay/fair';
import { done, fairValue, parseWith, type SingleEngine } from '../engine.ts';

/** Win chance is 1–98 %: the target in hundredths of the 0–100.00 roll. */
export const DICE_MIN_CHANCE_HUNDREDTHS = 100;
export const DICE_MAX_CHANCE_HUNDREDTHS = 9800;

const paramsSchema = z
  .object({
    target: z
      .number()
      .int()
      .min(DICE_MIN_CHANCE_HUNDREDTHS)
      .max(10000 - DICE_MIN_CHANCE_HUNDREDTHS),
    direction: z.enum(['under', 'over']),
  })
  .refine((p) => chanceOf(p) >= DICE_MIN_CHANCE_HUNDREDTHS && chanceOf(p) <= DICE_MAX_CHANCE_HUNDREDTHS, {
    message: 'win chance must be between 1.00 and 98.00 %',
    path: ['target'],
  });
export type DiceParams = z.infer<typeof paramsSchema>;

/** Win chance in hundredths of a percent: roll under t wins t/100 %, roll over t wins (100 − t/100) %. */
export function chanceOf(params: { target: number; direction: 'under' | 'over' }): number {
  return params.direction === 'under' ? params.target : 10000 - params.target;
}

/** 99 % over the win chance, floored to hundredths: 50 % pays 1.98x. */
export function diceMultiplierHundredths(params: DiceParams): number {
  return Math.floor(990000 / chanceOf(params));
}

export const diceEngine: SingleEngine<Record<string, never>, DiceParams> = {
  kind: 'single',
  parseParams: (raw) => parseWith(paramsSchema, raw),
  play(seeds, params) {
    const result = fairValue(dice(seeds));
    if (!result.ok) return result;
    const roll = result.value.rollHundredths;
    const won = params.direction === 'under' ? roll < params.target : roll > params.target;
    const payout = diceMultiplierHundredths(params);
    return done({
      multiplierHundredths: won ? payout : 0,
      outcome: { roll, target: params.target, direction: params.direction, won, payoutMultiplier: payout },
    });
  },
};
