import type { GameView, RoundView } from '../lib/api.ts';

export type Params = Record<string, unknown>;

/** What every engine view gets from the shared frame. */
export type EngineProps = {
  game: GameView;
  /** The newest round: open while the player steers it, else the last result (null before the first). */
  round: RoundView | null;
  params: Params;
  setParams(next: Params): void;
  busy: boolean;
  act(action: { type: string } & Record<string, unknown>): void;
  /** Starts a round with these parameters (for views that start rounds themselves, e.g. a tap on a fish). */
  playWith(params: Params): void;
};

/** Reads the outcome of a round as the view expects it (the server sends it per family). */
export function outcomeOf<T>(round: RoundView | null): T | null {
  return round ? (round.outcome as T) : null;
}

export const configOf = <T>(game: GameView): T => game.config as T;
