import { z } from 'zod';
import { MINES_TILES, mines, minesMultiplierHundredths } from '@backlay/fair';
import { done, fairValue, parseWith, refuse, type MultiEngine, type Step } from '../engine.ts';
import { asObject } from './plinko.ts';

export type MinesConfig = { readonly maxMines: number };
export type MinesParams = { readonly mines: number };
/** Tiles are 0–24, left to right and top to bottom (verify shows them 1–25). */
export type MinesState = {
  readonly mineTiles: readonly number[];
  readonly revealed: readonly number[];
  readonly hit: number | null;
};

const actionSchema = z.object({
  type: z.literal('reveal'),
  tile: z
    .number()
    .int()
    .min(0)
    .max(MINES_TILES - 1),
});

function multiplierOf(state: MinesState): number {
  if (state.revealed.length === 0) return 0;
  const result = minesMultiplierHundredths(state.mineTiles.length, state.revealed.length);
  return result.ok ? result.value : 0;
}

function step(state: MinesState, status: 'open' | 'ended'): Step<MinesState> {
  return { state, ...minesEngine.viewOf(state, status, { maxMines: MINES_TILES - 1 }) };
}

export const minesEngine: MultiEngine<MinesConfig, MinesParams, MinesState> = {
  kind: 'multi',
  parseParams(raw, config) {
    const schema = z.object({ mines: z.number().int().min(1).max(config.maxMines) });
    return parseWith(schema, { mines: 3, ...asObject(raw) });
  },
  start(seeds, params) {
    const drawn = fairValue(mines(seeds, { mines: params.mines }));
    if (!drawn.ok) return drawn;
    return done(step({ mineTiles: drawn.value.mines, revealed: [], hit: null }, 'open'));
  },
  act(state, raw) {
    const action = parseWith(actionSchema, raw);
    if (!action.ok) return action;
    const tile = action.value.tile;
    if (state.revealed.includes(tile)) return refuse('ALREADY_REVEALED', 'That tile is already open.');
    if (state.mineTiles.includes(tile)) return done(step({ ...state, hit: tile }, 'ended'));
    const next = { ...state, revealed: [...state.revealed, tile] };
    const cleared = next.revealed.length === MINES_TILES - state.mineTiles.length;
    return done(step(next, cleared ? 'ended' : 'open'));
  },
  cashOut(state) {
    if (state.revealed.length === 0) return refuse('NOTHING_TO_CASH_OUT', 'Open at least one tile first.');
    return done(step(state, 'ended'));
  },
  viewOf(state, status) {
    const ended = status === 'ended';
    return {
      status,
      multiplierHundredths: state.hit !== null ? 0 : multiplierOf(state),
      actions: ended ? [] : state.revealed.length > 0 ? ['reveal', 'cashout'] : ['reveal'],
      view: {
        mines: state.mineTiles.length,
        revealed: state.revealed,
        hit: state.hit,
        nextMultiplier: ended ? null : nextMultiplier(state),
        ...(ended ? { mineTiles: state.mineTiles } : {}),
      },
    };
  },
};

function nextMultiplier(state: MinesState): number | null {
  const result = minesMultiplierHundredths(state.mineTiles.length, state.revealed.length + 1);
  return result.ok ? result.value : null;
}
