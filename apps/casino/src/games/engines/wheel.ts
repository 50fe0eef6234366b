import { z } from 'zod';
import { WHEEL_RISKS, WHEEL_SEGMENTS, wheel, wheelTable } from '@backlay/fair';
import { done, fairValue, parseWith, type SingleEngine } from '../engine.ts';
import { asObject } from './plinko.ts';

export type WheelConfig = { readonly segments: (typeof WHEEL_SEGMENTS)[number] };

const paramsSchema = z.object({
  segments: z.union(WHEEL_SEGMENTS.map((count) => z.literal(count))),
  risk: z.enum(WHEEL_RISKS),
});
export type WheelParams = z.infer<typeof paramsSchema>;

/** The published wheel counts: a title's own segment count becomes the nearest of 10, 20 … 50. */
export function wheelSegmentsFor(count: number): WheelConfig['segments'] {
  return WHEEL_SEGMENTS.reduce((best, candidate) =>
    Math.abs(candidate - count) < Math.abs(best - count) ? candidate : best,
  );
}

export const wheelEngine: SingleEngine<WheelConfig, WheelParams> = {
  kind: 'single',
  parseParams: (raw, config) =>
    parseWith(paramsSchema, { segments: config.segments, risk: 'medium', ...asObject(raw) }),
  play(seeds, params) {
    const result = fairValue(wheel(seeds, params));
    if (!result.ok) return result;
    return done({
      multiplierHundredths: result.value.multiplierHundredths,
      outcome: { segment: result.value.segment, ...params, table: wheelTable(params.segments, params.risk) },
    });
  },
};
