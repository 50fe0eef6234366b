import { z } from 'zod';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, plinko, plinkoTable } from '@backlay/fair';
import { done, fairValue, parseWith, type SingleEngine } from '../engine.ts';

export type PlinkoConfig = { readonly rows: number; readonly risk: (typeof PLINKO_RISKS)[number] };

const paramsSchema = z.object({
  rows: z.number().int().min(PLINKO_MIN_ROWS).max(PLINKO_MAX_ROWS),
  risk: z.enum(PLINKO_RISKS),
});
export type PlinkoParams = z.infer<typeof paramsSchema>;

/** The title's rows and risk are the defaults; the player may change both, as on public Plinko games. */
export const plinkoEngine: SingleEngine<PlinkoConfig, PlinkoParams> = {
  kind: 'single',
  parseParams: (raw, config) =>
    parseWith(paramsSchema, { rows: config.rows, risk: config.risk, ...asObject(raw) }),
  play(seeds, params) {
    const result = fairValue(plinko(seeds, params));
    if (!result.ok) return result;
    const { path, slot, multiplierHundredths } = result.value;
    return done({
      multiplierHundredths,
      outcome: {
        path,
        slot,
        rows: params.rows,
        risk: params.risk,
        table: plinkoTable(params.rows, params.risk),
      },
    });
  },
};

export function asObject(raw: unknown): Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)
    : {};
}
