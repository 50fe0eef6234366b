import { z } from 'zod';
import { TOWER_DIFFICULTIES, tower, towerMultiplierHundredths, type TowerDifficulty } from '@backlay/fair';
import { done, fairValue, parseWith, refuse, type MultiEngine, type Step } from '../engine.ts';
import { asObject } from './plinko.ts';

/** `levels` to climb (at most the 9 the fair draw has); the difficulties whose width matches the title. */
export type TowerConfig = { readonly levels: number; readonly difficulties: readonly TowerDifficulty[] };
export type TowerParams = { readonly difficulty: TowerDifficulty };
export type TowerState = {
  readonly difficulty: TowerDifficulty;
  /** Safe columns of every level, bottom first (hidden until the round ends). */
  readonly safe: readonly (readonly number[])[];
  readonly picks: readonly number[];
  readonly lost: boolean;
};

function multiplierOf(state: TowerState): number {
  if (state.picks.length === 0 || state.lost) return 0;
  const result = towerMultiplierHundredths(state.difficulty, state.picks.length);
  return result.ok ? result.value : 0;
}

export const towerEngine: MultiEngine<TowerConfig, TowerParams, TowerState> = {
  kind: 'multi',
  parseParams(raw, config) {
    const schema = z.object({
      difficulty: z.enum(config.difficulties as [TowerDifficulty, ...TowerDifficulty[]]),
    });
    return parseWith(schema, { difficulty: config.difficulties[0], ...asObject(raw) });
  },
  start(seeds, params, config) {
    const drawn = fairValue(tower(seeds, params));
    if (!drawn.ok) return drawn;
    const state = { difficulty: params.difficulty, safe: drawn.value.levels, picks: [], lost: false };
    return done(stepOf(state, 'open', config));
  },
  act(state, raw, config) {
    const columns = TOWER_DIFFICULTIES[state.difficulty].columns;
    const action = parseWith(
      z.object({
        type: z.literal('pick'),
        column: z
          .number()
          .int()
          .min(0)
          .max(columns - 1),
      }),
      raw,
    );
    if (!action.ok) return action;
    const level = state.picks.length;
    const picks = [...state.picks, action.value.column];
    if (!state.safe[level]!.includes(action.value.column))
      return done(stepOf({ ...state, picks, lost: true }, 'ended', config));
    const next = { ...state, picks };
    return done(stepOf(next, picks.length >= config.levels ? 'ended' : 'open', config));
  },
  cashOut(state, config) {
    if (state.picks.length === 0) return refuse('NOTHING_TO_CASH_OUT', 'Clear at least one level first.');
    return done(stepOf(state, 'ended', config));
  },
  viewOf(state, status, config) {
    const ended = status === 'ended';
    const next = towerMultiplierHundredths(state.difficulty, state.picks.length + 1);
    return {
      status,
      multiplierHundredths: multiplierOf(state),
      actions: ended ? [] : state.picks.length > 0 ? ['pick', 'cashout'] : ['pick'],
      view: {
        difficulty: state.difficulty,
        columns: TOWER_DIFFICULTIES[state.difficulty].columns,
        levels: config.levels,
        picks: state.picks,
        lost: state.lost,
        nextMultiplier: ended || !next.ok ? null : next.value,
        ...(ended ? { safe: state.safe.slice(0, config.levels) } : {}),
      },
    };
  },
};

function stepOf(state: TowerState, status: 'open' | 'ended', config: TowerConfig): Step<TowerState> {
  return { state, ...towerEngine.viewOf(state, status, config) };
}
