import { configOf, outcomeOf, type EngineProps } from './engine-props.ts';
import { TargetInput } from './target-input.tsx';
import { formatMultiplier } from '../lib/money.ts';

type LimboOutcome = { point: number; target: number; won: boolean };

/** Pick a target multiplier; the drawn multiplier must reach it. */
export default function LimboView({ game, round, params, setParams, busy }: EngineProps) {
  const { maxMultiplierHundredths } = configOf<{ maxMultiplierHundredths: number }>(game);
  const target = params.target as number;
  const outcome = outcomeOf<LimboOutcome>(round);
  return (
    <div className="limbo">
      <p
        key={round?.id ?? 'idle'}
        className={`big-number ${outcome ? (outcome.won ? 'win' : 'loss') : ''}`}
        aria-label="Result"
      >
        {outcome ? formatMultiplier(outcome.point) : '1.00x'}
      </p>
      <TargetInput
        label="Target multiplier"
        value={target}
        max={maxMultiplierHundredths}
        disabled={busy}
        onChange={(value) => setParams({ target: value })}
      />
      <dl className="figures">
        <div>
          <dt>Win chance</dt>
          <dd>{(99 / (target / 100)).toFixed(4)} %</dd>
        </div>
        <div>
          <dt>Pays</dt>
          <dd>{formatMultiplier(target)}</dd>
        </div>
      </dl>
    </div>
  );
}
