import { z } from 'zod';
import { OutcomeStream, checkSeeds } from '@backlay/fair';
import { done, fairValue, parseWith, refuse, type SingleEngine } from '../engine.ts';

export type FishingConfig = { readonly seats: number };

/** Targets and what a catch pays; a shot at a fish paying m lands with probability 0.97 / m. */
export const FISH = [
  { id: 'clownfish', name: 'Clownfish', multiplierHundredths: 200 },
  { id: 'pufferfish', name: 'Pufferfish', multiplierHundredths: 300 },
  { id: 'turtle', name: 'Turtle', multiplierHundredths: 500 },
  { id: 'lionfish', name: 'Lionfish', multiplierHundredths: 800 },
  { id: 'stingray', name: 'Stingray', multiplierHundredths: 1200 },
  { id: 'shark', name: 'Shark', multiplierHundredths: 2000 },
  { id: 'octopus', name: 'Octopus', multiplierHundredths: 3000 },
  { id: 'whale', name: 'Whale', multiplierHundredths: 5000 },
  { id: 'dragon', name: 'Golden Dragon', multiplierHundredths: 10000 },
] as const;

const TWO_POW_32 = 2n ** 32n;

/** Caught when u32 / 2^32 < 97 / m (m in hundredths), compared in integers. */
export function isCaught(u32: number, multiplierHundredths: number): boolean {
  return BigInt(u32) * BigInt(multiplierHundredths) < 97n * TWO_POW_32;
}

export const fishingEngine: SingleEngine<FishingConfig, { fish: string }> = {
  kind: 'single',
  parseParams(raw) {
    const parsed = parseWith(z.object({ fish: z.string().min(1).max(20) }), raw);
    if (parsed.ok && !FISH.some((fish) => fish.id === parsed.value.fish)) {
      return refuse('INVALID_PARAMS', 'Invalid fish: not in these waters.');
    }
    return parsed;
  },
  play(seeds, params) {
    const checked = fairValue(checkSeeds(seeds));
    if (!checked.ok) return checked;
    const fish = FISH.find((candidate) => candidate.id === params.fish)!;
    const caught = isCaught(new OutcomeStream(seeds).nextUint32(), fish.multiplierHundredths);
    return done({
      multiplierHundredths: caught ? fish.multiplierHundredths : 0,
      outcome: { fish: fish.id, caught, payoutMultiplier: fish.multiplierHundredths },
    });
  },
};
