import { z } from 'zod';
import { instantCrash, limbo, type Result, type Seeds } from '@backlay/fair';
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

/**
 * Limbo and instant crash differ only in how the point is drawn: either way the round wins when the
 * point reaches the player's target, and a win pays the target.
 */
function targetEngine(
  draw: (seeds: Seeds) => Result<{ multiplierHundredths: number }>,
): SingleEngine<TargetConfig, TargetParams> {
  return {
    kind: 'single',
    parseParams: parseTarget,
    play(seeds, params) {
      const result = fairValue(draw(seeds));
      if (!result.ok) return result;
      const point = result.value.multiplierHundredths;
      const won = point >= params.target;
      return done({
        multiplierHundredths: won ? params.target : 0,
        outcome: { point, target: params.target, won },
      });
    },
  };
}

/** Limbo: the drawn multiplier must reach the player's target. */
export const limboEngine = targetEngine(limbo);

/**
 * Instant crash: the curve climbs from 1.00x until the crash point drawn from the seeds; the player's
 * auto cash-out target wins when the curve reaches it first.
 */
export const crashEngine = targetEngine(instantCrash);
