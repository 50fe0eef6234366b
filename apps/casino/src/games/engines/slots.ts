import { z } from 'zod';
import { slot, slotTitle } from '@backlay/fair';
import { done, fairValue, parseWith, type SingleEngine } from '../engine.ts';

/** `title` is the fair package's slot title whose reels and paytable this catalogue title plays. */
export type SlotsConfig = { readonly title: string };

const paramsSchema = z.object({}).strict();

/** Slots take no choices: the stake is spread over the ten lines. */
export const slotsEngine: SingleEngine<SlotsConfig, object> = {
  kind: 'single',
  parseParams: (raw) => parseWith(paramsSchema, raw),
  play(seeds, _params, config) {
    const result = fairValue(slot(seeds, { title: config.title }));
    if (!result.ok) return result;
    const { stops, grid, wins, multiplierHundredths } = result.value;
    const title = slotTitle(config.title)!;
    return done({
      multiplierHundredths,
      outcome: {
        stops,
        grid,
        wins: wins.map((win) => ({ ...win, cells: title.paylines[win.line]!.slice(0, win.count) })),
        wild: title.wild,
      },
    });
  },
};
