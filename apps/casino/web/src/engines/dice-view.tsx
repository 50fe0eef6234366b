import { outcomeOf, type EngineProps } from './engine-props.ts';
import { Choice } from './controls.tsx';
import { formatMultiplier } from '../lib/money.ts';

type DiceOutcome = { roll: number; target: number; direction: 'under' | 'over'; won: boolean };

const chanceOf = (target: number, direction: string) => (direction === 'under' ? target : 10000 - target);

/** Roll under or over a target from 0.00 to 100.00; the slider sets the win chance. */
export default function DiceView({ round, params, setParams, busy }: EngineProps) {
  const target = params.target as number;
  const direction = params.direction as 'under' | 'over';
  const chance = chanceOf(target, direction);
  const [min, max] = direction === 'under' ? [100, 9800] : [200, 9900];
  const outcome = outcomeOf<DiceOutcome>(round);
  return (
    <div className="dice">
      <div className="dice-track" aria-hidden="true">
        <div
          className={`dice-zone ${direction}`}
          style={
            direction === 'under' ? { width: `${target / 100}%` } : { left: `${target / 100}%`, right: 0 }
          }
        />
        {outcome && (
          <div
            key={round!.id}
            className={`dice-marker ${outcome.won ? 'win' : 'loss'}`}
            style={{ left: `${outcome.roll / 100}%` }}
          >
            {(outcome.roll / 100).toFixed(2)}
          </div>
        )}
      </div>
      <div className="field">
        <label htmlFor="dice-target">
          Roll {direction} {(target / 100).toFixed(2)}
        </label>
        <input
          id="dice-target"
          type="range"
          min={min}
          max={max}
          step={1}
          value={Math.min(max, Math.max(min, target))}
          disabled={busy}
          onChange={(event) => setParams({ ...params, target: Number(event.target.value) })}
        />
      </div>
      <Choice
        label="Direction"
        value={direction}
        options={['under', 'over'] as const}
        disabled={busy}
        format={(value) => `Roll ${value}`}
        onChange={(value) =>
          setParams({
            target: Math.min(
              value === 'under' ? 9800 : 9900,
              Math.max(value === 'under' ? 100 : 200, target),
            ),
            direction: value,
          })
        }
      />
      <dl className="figures">
        <div>
          <dt>Win chance</dt>
          <dd>{(chance / 100).toFixed(2)} %</dd>
        </div>
        <div>
          <dt>Multiplier</dt>
          <dd>{formatMultiplier(Math.floor(990000 / chance))}</dd>
        </div>
        {outcome && (
          <div>
            <dt>Last roll</dt>
            <dd className={outcome.won ? 'win' : 'loss'}>{(outcome.roll / 100).toFixed(2)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
