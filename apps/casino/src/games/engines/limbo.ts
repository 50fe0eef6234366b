import { z } from 'zod';
import { instantCrash, limbo } from '@backlay/fair';
import { done, fairValue, parseWith, refuse, type SingleEngine } from '../engine.ts';

export type TargetConfig = { readonly maxMultiplierHundredths: number };

const paramsSchema = z.object({ target: z.number().int().min(101) });
export type TargetParams = z.infer<typeof paramsSchema>;

function parseTarget(raw: unknown, config: TargetConfig) {
  const parsed = parseWith(paramsSchema, raw);
  if (parsed.ok && parsed.value.target > config.maxMultiplierHundredths) {
    return refuse('INVALID_PARAMS', `Invalid target: at most ${config.maxMultiplierHundredths / 100}x`);
  }
  return parsed;
}

/** Limbo: the drawn multiplier must reach the player's target; a win pays the target. */
export const limboEngine: SingleEngine<TargetConfig, TargetParams> = {
  kind: 'single',
  parseParams: parseTarget,
  play(seeds, params) {
    const result = fairValue(limbo(seeds));
    if (!result.ok) return result;
    const point = result.value.multiplierHundredths;
    const won = point >= params.target;
    return done({
      multiplierHundredths: won ? params.target : 0,
      outcome: { point, target: params.target, won },
    });
  },
};

/**
 * Instant crash: the curve climbs from 1.00x until the crash point drawn from the seeds; the player's
 * auto cash-out target wins when the curve reaches it first.
 */
export const crashEngine: SingleEngine<TargetConfig, TargetParams> = {
  kind: 'single',
  parseParams: parseTarget,
  play(seeds, params) {
    const result = fairValue(instantCrash(seeds));
    if (!result.ok) return result;
    const point = result.value.multiplierHundredths;
    const won = point >= params.target;
    return done({
      multiplierHundredths: won ? params.target : 0,
      outcome: { point, target: params.target, won },
    });
  },
};
