import type { RoundView } from '../lib/api.ts';
import { outcomeOf } from './engine-props.ts';
import type { PredictionOutcome } from './markets.tsx';
import { useSteps } from './use-steps.ts';

/**
 * A prediction round played back: its events appear one by one, `stepMs` apart. `settled` is the
 * outcome once every event is in (null before), so nothing shows the result ahead of the play.
 */
export function usePredictionRound(round: RoundView | null, stepMs: number) {
  const outcome = outcomeOf<PredictionOutcome>(round);
  const step = useSteps(round?.id, outcome?.events.length ?? 0, stepMs);
  const settled = outcome !== null && step >= outcome.events.length ? outcome : null;
  return { outcome, shown: outcome?.events.slice(0, step) ?? [], settled };
}

/** How the scoreline ends: the call's fate once the round is settled, an ellipsis while it plays. */
export const verdictOf = (settled: PredictionOutcome | null) =>
  settled ? (settled.won ? ' — called it!' : ' — not this time.') : '…';
