import { outcomeOf, type EngineProps } from './engine-props.ts';
import { Select } from './controls.tsx';
import { RiskChoice, riskTable } from './risk.tsx';
import { useSteps } from './use-steps.ts';

type PlinkoOutcome = { path: string; slot: number; rows: number; risk: string };

const ROWS = [8, 9, 10, 11, 12, 13, 14, 15, 16];
const WIDTH = 320;

/** Pegs in a triangle; the ball's path of L/R moves decides the slot and its multiplier. */
export default function PlinkoView({ game, round, params, setParams, busy }: EngineProps) {
  const rows = params.rows as number;
  const risk = params.risk as string;
  const table = riskTable(game, risk, rows);
  const outcome = outcomeOf<PlinkoOutcome>(round);
  const step = useSteps(round?.id, outcome?.rows ?? 0, 90);
  const gap = WIDTH / (rows + 2);
  const showBall = outcome !== null && outcome.rows === rows;
  const rights = outcome ? [...outcome.path.slice(0, step)].filter((move) => move === 'R').length : 0;
  const landed = showBall && step >= rows && outcome.risk === risk;
  return (
    <div className="plinko">
      <svg
        viewBox={`0 0 ${WIDTH} ${(rows + 1.5) * gap}`}
        role="img"
        aria-label={landed ? `The ball landed in slot ${outcome.slot + 1}` : 'Plinko board'}
      >
        {Array.from({ length: rows }, (_, row) =>
          Array.from({ length: row + 3 }, (_, peg) => (
            <circle
              key={`${row}-${peg}`}
              cx={WIDTH / 2 + (peg - (row + 2) / 2) * gap}
              cy={(row + 1) * gap}
              r={2.5}
              className="peg"
            />
          )),
        )}
        {showBall && (
          <circle
            cx={WIDTH / 2 + (rights - step / 2) * gap}
            cy={(Math.min(step, rows) + 0.5) * gap}
            r={gap / 3}
            className="ball"
          />
        )}
      </svg>
      <ol className="slots" aria-label="Multipliers by slot">
        {table.map((multiplier, slot) => (
          <li key={slot} className={landed && outcome.slot === slot ? 'hit' : undefined}>
            {multiplier / 100}
          </li>
        ))}
      </ol>
      <div className="row-fields">
        <Select
          label="Rows"
          value={rows}
          options={ROWS}
          disabled={busy}
          onChange={(value) => setParams({ ...params, rows: value })}
        />
        <RiskChoice params={params} setParams={setParams} busy={busy} />
      </div>
    </div>
  );
}
