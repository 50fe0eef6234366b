import { z } from 'zod';
import { OutcomeStream, checkSeeds, type Seeds } from '@backlay/fair';
import { done, fairValue, parseWith, type SingleEngine } from '../engine.ts';
import { asObject } from './plinko.ts';

/** The goal mouth in six zones: 0–2 the top row left to right, 3–5 the bottom row (verify shows 1–6). */
export const SHOOTOUT_ZONES = 6;
/** Keepers cover one, two or three zones; the player picks how good the keeper is. */
export const SHOOTOUT_SAVES = [1, 2, 3] as const;
export type ShootoutSaves = (typeof SHOOTOUT_SAVES)[number];

const paramsSchema = z.object({
  zone: z
    .number()
    .int()
    .min(0)
    .max(SHOOTOUT_ZONES - 1),
  saves: z.union(SHOOTOUT_SAVES.map((saves) => z.literal(saves))),
});
export type ShootoutParams = z.infer<typeof paramsSchema>;

/**
 * The zones the keeper covers, drawn without replacement like the published Mines draw: each float
 * picks floor(float × zones left) among the zones not yet covered.
 */
export function keeperZones(seeds: Seeds, saves: number): number[] {
  const stream = new OutcomeStream(seeds);
  const open = Array.from({ length: SHOOTOUT_ZONES }, (_, zone) => zone);
  return Array.from(
    { length: saves },
    () => open.splice(Math.floor(stream.nextFloat() * open.length), 1)[0]!,
  );
}

/** A goal pays 97 % over its chance (zones − saves) / zones, floored: 1.16x, 1.45x, 1.94x. */
export function shootoutPayHundredths(saves: ShootoutSaves): number {
  return Math.floor((97 * SHOOTOUT_ZONES) / (SHOOTOUT_ZONES - saves));
}

/** Penalty Shoot-out: pick a zone; it is a goal unless the keeper covers it. */
export const shootoutEngine: SingleEngine<Record<string, never>, ShootoutParams> = {
  kind: 'single',
  parseParams: (raw) => parseWith(paramsSchema, { saves: 1, ...asObject(raw) }),
  play(seeds, params) {
    const checked = fairValue(checkSeeds(seeds));
    if (!checked.ok) return checked;
    const covered = keeperZones(seeds, params.saves);
    const scored = !covered.includes(params.zone);
    const pay = shootoutPayHundredths(params.saves);
    return done({
      multiplierHundredths: scored ? pay : 0,
      outcome: { zone: params.zone, saves: params.saves, covered, scored, payoutMultiplier: pay },
    });
  },
};
