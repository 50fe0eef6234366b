import type { Seeds } from '@backlay/fair';

/** An expected refusal from an engine: bad parameters or an action that is not allowed now. */
export type EngineError = { readonly ok: false; readonly code: string; readonly message: string };
export type EngineResult<T> = { readonly ok: true; readonly value: T } | EngineError;

export const done = <T>(value: T): EngineResult<T> => ({ ok: true, value });
export const refuse = (code: string, message: string): EngineError => ({ ok: false, code, message });

/** A finished single-step round: what it paid (hundredths of the stake) and what the player sees. */
export type Settlement = { readonly multiplierHundredths: number; readonly outcome: object };

/**
 * A step of a multi-step round. While `open`, `multiplierHundredths` is what a cash-out would pay now
 * (0 when cashing out is not possible yet) and `actions` lists what the player may do; once `ended` it
 * is the final multiplier. `state` is JSON and holds the hidden future; `view` is what the player sees.
 */
export type Step<S> = {
  readonly state: S;
  readonly status: 'open' | 'ended';
  readonly multiplierHundredths: number;
  readonly view: object;
  readonly actions: readonly string[];
};

/** A game decided by one draw (dice, plinko, slots…). `P` is the checked per-round choice. */
export type SingleEngine<C, P> = {
  readonly kind: 'single';
  parseParams(raw: unknown, config: C): EngineResult<P>;
  play(seeds: Seeds, params: P, config: C): EngineResult<Settlement>;
};

/** A game the player steers after the bet (mines, tower, hi-lo, blackjack). */
export type MultiEngine<C, P, S> = {
  readonly kind: 'multi';
  parseParams(raw: unknown, config: C): EngineResult<P>;
  start(seeds: Seeds, params: P, config: C): EngineResult<Step<S>>;
  act(state: S, action: unknown, config: C): EngineResult<Step<S>>;
  /** Ends the round at the current multiplier (refused while `multiplierHundredths` is 0). */
  cashOut(state: S, config: C): EngineResult<Step<S>>;
  /** The player's view of a stored state, e.g. after a reload. */
  viewOf(state: S, status: 'open' | 'ended', config: C): Omit<Step<S>, 'state'>;
};

// The registry stores engines of every shape; each engine checks its own input.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEngine = SingleEngine<any, any> | MultiEngine<any, any, any>;

/** Parses with zod-like `safeParse` and turns a failure into one readable refusal. */
export function parseWith<T>(
  schema: {
    safeParse(
      raw: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
  },
  raw: unknown,
): EngineResult<T> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return done(parsed.data);
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'params';
  return refuse('INVALID_PARAMS', `Invalid ${field}: ${issue?.message ?? 'invalid value'}`);
}

/** Unwraps a fair-package result whose inputs the engine already checked. */
export function fairValue<T>(result: { ok: true; value: T } | { ok: false; code: string }): EngineResult<T> {
  return result.ok
    ? done(result.value)
    : refuse(result.code, `The outcome could not be computed (${result.code}).`);
}
