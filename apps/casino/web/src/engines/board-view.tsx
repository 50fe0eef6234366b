import { configOf, outcomeOf, type EngineProps } from './engine-props.ts';
import { useSteps } from './use-steps.ts';

type Bet = { id: string; label: string; multiplierHundredths: number };
type BoardConfig = {
  variant: 'roulette' | 'dice' | 'lottery';
  pockets?: number;
  dice?: number;
  faceNames?: string[];
  bets: Bet[];
};
type BoardOutcome = { values: number[]; bet: string; won: boolean };

const REDS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const pocketClass = (n: number, pockets: number) =>
  n === 0 ? 'green' : (pockets === 37 ? REDS.has(n) : n % 2 === 1) ? 'red' : 'black';

/** Roulette, sic bo and lottery tables: choose one bet on the board, then the draw decides it. */
export default function BoardView({ game, round, params, setParams, busy }: EngineProps) {
  const config = configOf<BoardConfig>(game);
  const outcome = outcomeOf<BoardOutcome>(round);
  const shown = useSteps(round?.id, outcome?.values.length ?? 0, 250);
  const groups = config.bets.filter((bet) => !bet.id.startsWith('number-'));
  const numbers = config.bets.filter((bet) => bet.id.startsWith('number-'));
  const label = (value: number) =>
    config.variant === 'dice' ? (config.faceNames?.[value - 1] ?? String(value)) : String(value);
  const betButton = (bet: Bet, extra = '') => (
    <button
      key={bet.id}
      type="button"
      className={`bet ${extra}${params.bet === bet.id ? ' selected' : ''}`}
      aria-pressed={params.bet === bet.id}
      disabled={busy}
      onClick={() => setParams({ bet: bet.id })}
    >
      <span>{bet.label}</span>
      <small>{(bet.multiplierHundredths / 100).toFixed(2)}x</small>
    </button>
  );
  return (
    <div className="board">
      <div className="draw" role="status" aria-label="Result">
        {outcome ? (
          outcome.values.slice(0, shown).map((value, i) => (
            <span
              key={`${round!.id}-${i}`}
              className={`ball ${config.variant === 'roulette' ? pocketClass(value, config.pockets!) : ''}`}
            >
              {label(value)}
            </span>
          ))
        ) : (
          <span className="hint">Choose a bet and play.</span>
        )}
      </div>
      {groups.length > 0 && (
        <div className="bet-group" role="group" aria-label="Outside bets">
          {groups.map((bet) => betButton(bet, bet.id === 'red' ? 'red' : bet.id === 'black' ? 'black' : ''))}
        </div>
      )}
      {numbers.length > 0 && (
        <div className="bet-numbers" role="group" aria-label="Numbers">
          {numbers.map((bet) =>
            betButton(
              bet,
              config.variant === 'roulette' ? pocketClass(Number(bet.id.slice(7)), config.pockets!) : '',
            ),
          )}
        </div>
      )}
    </div>
  );
}
