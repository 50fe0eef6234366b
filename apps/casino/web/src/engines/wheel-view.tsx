import { useRef } from 'react';
import { outcomeOf, type EngineProps } from './engine-props.ts';
import { Choice } from './controls.tsx';
import { RiskChoice, riskTable } from './risk.tsx';

type WheelOutcome = { segment: number; segments: number; risk: string };

const SEGMENTS = [10, 20, 30, 40, 50];
const colourOf = (multiplier: number) =>
  multiplier === 0
    ? '#2b3440'
    : multiplier < 150
      ? '#4f8cff'
      : multiplier < 200
        ? '#35c27a'
        : multiplier < 400
          ? '#f3b13b'
          : '#ef476f';

/** The wheel turns so the drawn segment stops under the pointer at the top. */
export default function WheelView({ game, round, params, setParams, busy }: EngineProps) {
  const segments = params.segments as number;
  const risk = params.risk as string;
  const table = riskTable(game, risk, segments);
  const outcome = outcomeOf<WheelOutcome>(round);
  const matches = outcome !== null && outcome.segments === segments && outcome.risk === risk;
  // Whole turns accumulate so every spin turns forward.
  const turns = useRef({ id: round?.id, angle: 0 });
  if (matches && turns.current.id !== round!.id) {
    const target = 360 - ((outcome.segment + 0.5) * 360) / segments;
    const base = turns.current.angle - (turns.current.angle % 360);
    turns.current = { id: round!.id, angle: base + 5 * 360 + target };
  }
  const radius = 100;
  const arc = (i: number) => {
    const a0 = ((i / segments) * 2 - 0.5) * Math.PI;
    const a1 = (((i + 1) / segments) * 2 - 0.5) * Math.PI;
    return `M0 0 L${radius * Math.cos(a0)} ${radius * Math.sin(a0)} A${radius} ${radius} 0 0 1 ${radius * Math.cos(a1)} ${radius * Math.sin(a1)} Z`;
  };
  const legend = [...new Set(table)].sort((a, b) => a - b);
  return (
    <div className="wheel">
      <div className="wheel-box">
        <span className="wheel-pointer" aria-hidden="true">
          ▼
        </span>
        <svg
          viewBox="-105 -105 210 210"
          role="img"
          aria-label={matches ? `Stopped on ${(table[outcome.segment]! / 100).toFixed(2)}x` : 'Wheel'}
        >
          <g className="wheel-disc" style={{ transform: `rotate(${matches ? turns.current.angle : 0}deg)` }}>
            {table.map((multiplier, i) => (
              <path key={i} d={arc(i)} fill={colourOf(multiplier)} stroke="#0f1720" strokeWidth={0.8} />
            ))}
            <circle r={30} fill="#0f1720" />
          </g>
        </svg>
      </div>
      <ul className="legend" aria-label="Multipliers on the wheel">
        {legend.map((multiplier) => (
          <li key={multiplier} style={{ borderColor: colourOf(multiplier) }}>
            {(multiplier / 100).toFixed(2)}x
          </li>
        ))}
      </ul>
      <div className="row-fields">
        <Choice
          label="Segments"
          value={segments}
          options={SEGMENTS}
          disabled={busy}
          onChange={(value) => setParams({ ...params, segments: value })}
        />
        <RiskChoice params={params} setParams={setParams} busy={busy} />
      </div>
    </div>
  );
}
