import { configOf, outcomeOf, type EngineProps } from './engine-props.ts';
import { CardFace } from './controls.tsx';
import { useSteps } from './use-steps.ts';

type Side = { id: string; label: string; winHundredths: number; tieHundredths: number };
type DuelOutcome = {
  winner: string;
  side: string;
  hands: Record<string, string[]>;
  detail: Record<string, string | number>;
};

/** Baccarat, Dragon Tiger, Teen Patti, Andar Bahar and poker showdowns: back a side, the cards decide. */
export default function CardDuelView({ game, round, params, setParams, busy }: EngineProps) {
  const { sides, variant } = configOf<{ sides: Side[]; variant: string }>(game);
  const outcome = outcomeOf<DuelOutcome>(round);
  const cards = outcome ? Object.values(outcome.hands).reduce((sum, hand) => sum + hand.length, 0) : 0;
  const dealt = useSteps(round?.id, Math.min(cards, 12), 140);
  let budget = dealt >= Math.min(cards, 12) ? Infinity : dealt;
  return (
    <div className="duel">
      {outcome && (
        <div className="hands">
          {Object.entries(outcome.hands).map(([name, hand]) => {
            const visible = Math.min(hand.length, budget);
            budget -= visible;
            const label =
              sides.find((side) => side.id === name)?.label ?? name.replace(/^\w/, (c) => c.toUpperCase());
            return (
              <section
                key={name}
                className={`hand${outcome.winner === name ? ' winner' : ''}`}
                aria-label={label}
              >
                <h3>
                  {label}
                  {outcome.detail[name] !== undefined && (
                    <span className="sub"> · {outcome.detail[name]}</span>
                  )}
                </h3>
                <div className="card-row">
                  {hand.slice(0, visible).map((code, i) => (
                    <CardFace key={i} code={code} />
                  ))}
                </div>
              </section>
            );
          })}
          <p className="hint" role="status">
            {outcome.winner === 'tie'
              ? variant === 'andar-bahar'
                ? 'No match: stakes back.'
                : 'Tie.'
              : `${sides.find((s) => s.id === outcome.winner)?.label ?? outcome.winner} wins.`}
          </p>
        </div>
      )}
      <div className="bet-group" role="group" aria-label="Back a side">
        {sides.map((side) => (
          <button
            key={side.id}
            type="button"
            className={`bet${params.side === side.id ? ' selected' : ''}`}
            aria-pressed={params.side === side.id}
            disabled={busy}
            onClick={() => setParams({ side: side.id })}
          >
            <span>{side.label}</span>
            <small>pays {(side.winHundredths / 100).toFixed(2)}x</small>
          </button>
        ))}
      </div>
    </div>
  );
}
