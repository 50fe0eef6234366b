import { configOf, outcomeOf, type EngineProps } from './engine-props.ts';
import { TargetInput } from './target-input.tsx';
import { useSteps } from './use-steps.ts';
import { formatMultiplier } from '../lib/money.ts';

type CrashOutcome = { point: number; target: number; won: boolean };

const FRAMES = 40;

/** The curve climbs towards the crash point; the auto cash-out target wins if the curve gets there first. */
export default function CrashView({ game, round, params, setParams, busy }: EngineProps) {
  const { maxMultiplierHundredths } = configOf<{ maxMultiplierHundredths: number }>(game);
  const outcome = outcomeOf<CrashOutcome>(round);
  const frame = useSteps(round?.id, FRAMES, 30);
  const end = outcome ? Math.log(outcome.point / 100) : 0;
  const shown = outcome ? Math.round(100 * Math.exp((end * frame) / FRAMES)) : 100;
  const done = frame >= FRAMES;
  const top = Math.max(end, Math.log((params.target as number) / 100), Math.log(2));
  const points = Array.from({ length: frame + 1 }, (_, i) => {
    const value = (end * i) / FRAMES;
    return `${(i / FRAMES) * 300},${150 - (value / top) * 140}`;
  }).join(' ');
  const targetY = 150 - (Math.log((params.target as number) / 100) / top) * 140;
  return (
    <div className="crash">
      <svg
        viewBox="0 0 300 160"
        role="img"
        aria-label={outcome && done ? `Crashed at ${formatMultiplier(outcome.point)}` : 'Crash curve'}
      >
        <line x1={0} x2={300} y1={targetY} y2={targetY} className="target-line" />
        {outcome && (
          <polyline points={points} className={`curve ${done ? (outcome.won ? 'win' : 'loss') : ''}`} />
        )}
      </svg>
      <p className={`big-number ${outcome && done ? (outcome.won ? 'win' : 'loss') : ''}`}>
        {formatMultiplier(shown)}
        {outcome && done && (
          <span className="sub">
            {outcome.won ? ` cashed out at ${formatMultiplier(outcome.target)}` : ' crashed'}
          </span>
        )}
      </p>
      <TargetInput
        label="Auto cash-out at"
        value={params.target as number}
        max={maxMultiplierHundredths}
        disabled={busy}
        onChange={(value) => setParams({ target: value })}
      />
    </div>
  );
}
