import { z } from 'zod';
import { KENO_SQUARES, keno } from '@backlay/fair';
import { done, fairValue, parseWith, refuse, type SingleEngine } from '../engine.ts';
import { KENO_PAYTABLES, KENO_RISKS, kenoPay } from './keno-paytable.ts';
import { asObject } from './plinko.ts';

export type KenoConfig = { readonly maxPicks: number };

const paramsSchema = z.object({
  picks: z
    .array(z.number().int().min(1).max(KENO_SQUARES))
    .min(1)
    .max(10)
    .refine((picks) => new Set(picks).size === picks.length, 'numbers must be different'),
  risk: z.enum(KENO_RISKS),
});
export type KenoParams = z.infer<typeof paramsSchema>;

/** Keno on the published 40-square board with 10 numbers drawn, so every draw checks with public tools. */
export const kenoEngine: SingleEngine<KenoConfig, KenoParams> = {
  kind: 'single',
  parseParams(raw, config) {
    const parsed = parseWith(paramsSchema, { risk: 'medium', ...asObject(raw) });
    if (parsed.ok && parsed.value.picks.length > config.maxPicks) {
      return refuse('INVALID_PARAMS', `Invalid picks: at most ${config.maxPicks} numbers`);
    }
    return parsed;
  },
  play(seeds, params) {
    const result = fairValue(keno(seeds));
    if (!result.ok) return result;
    const drawn = result.value.numbers;
    const hits = params.picks.filter((pick) => drawn.includes(pick));
    return done({
      multiplierHundredths: kenoPay(params.risk, params.picks.length, hits.length),
      outcome: {
        drawn,
        picks: params.picks,
        hits,
        risk: params.risk,
        table: KENO_PAYTABLES[params.risk][params.picks.length - 1],
      },
    });
  },
};
