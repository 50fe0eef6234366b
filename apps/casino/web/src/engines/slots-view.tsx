import { configOf, outcomeOf, type EngineProps } from './engine-props.ts';
import { useSteps } from './use-steps.ts';

type Win = { line: number; symbol: string; count: number; lineBets: number; cells: number[] };
type SlotsOutcome = { grid: string[]; wins: Win[] };
type SlotsConfig = { title: string; wild: string; paytable: Record<string, number[]>; volatility: string };

const SYMBOLS: Readonly<Record<string, Readonly<Record<string, [string, string]>>>> = {
  'fruit-fives': {
    W: ['WILD', '#ef476f'],
    S: ['7', '#ffd166'],
    B: ['BELL', '#f3b13b'],
    P: ['PLUM', '#9b5de5'],
    O: ['ORANGE', '#f78c2b'],
    L: ['LEMON', '#e9e35b'],
    C: ['CHERRY', '#e63946'],
  },
  'gem-vault': {
    X: ['WILD', '#ef476f'],
    R: ['RUBY', '#e63946'],
    E: ['EMERALD', '#2ec27e'],
    S: ['SAPPHIRE', '#3a86ff'],
    A: ['A', '#c9d6e3'],
    K: ['K', '#c9d6e3'],
    Q: ['Q', '#c9d6e3'],
    J: ['J', '#c9d6e3'],
  },
};

/** Five reels of three rows, ten lines; reels stop left to right, winning cells light up. */
export default function SlotsView({ game, round }: EngineProps) {
  const { title, paytable } = configOf<SlotsConfig>(game);
  const symbols = SYMBOLS[title] ?? {};
  const outcome = outcomeOf<SlotsOutcome>(round);
  const stopped = useSteps(round?.id, 5, 180);
  const grid = outcome?.grid ?? restingGrid(Object.keys(symbols));
  const winning = new Set(
    stopped >= 5
      ? (outcome?.wins ?? []).flatMap((win) => win.cells.map((row, reel) => `${reel}:${row}`))
      : [],
  );
  return (
    <div className="slots-game">
      <div className="reels" role="img" aria-label={outcome ? describe(grid, symbols) : 'Reels'}>
        {grid.map((column, reel) => (
          <div key={reel} className={`reel${reel >= stopped ? ' spinning' : ''}`}>
            {[...column].map((symbol, row) => {
              const [label, colour] = symbols[symbol] ?? ['?', '#888'];
              return (
                <span
                  key={row}
                  className={`symbol${winning.has(`${reel}:${row}`) ? ' winning' : ''}`}
                  style={{ color: colour }}
                >
                  {reel >= stopped ? '•' : label}
                </span>
              );
            })}
          </div>
        ))}
      </div>
      {stopped >= 5 && outcome && outcome.wins.length > 0 && (
        <p className="hint">
          {outcome.wins
            .map((win) => `${symbols[win.symbol]?.[0] ?? win.symbol} ×${win.count} on line ${win.line + 1}`)
            .join(' · ')}
        </p>
      )}
      <details className="paytable-details">
        <summary>Paytable ({game.config.volatility as string} volatility, 10 lines)</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Symbol</th>
              <th scope="col">3</th>
              <th scope="col">4</th>
              <th scope="col">5</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(paytable).map(([symbol, pays]) => (
              <tr key={symbol}>
                <th scope="row" style={{ color: symbols[symbol]?.[1] }}>
                  {symbols[symbol]?.[0] ?? symbol}
                </th>
                {pays.map((pay, i) => (
                  <td key={i}>{pay / 10}x</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

/** Before the first spin the reels rest on the title's own symbols, each reel a different cut of them. */
function restingGrid(keys: readonly string[]): string[] {
  if (keys.length === 0) return ['...', '...', '...', '...', '...'];
  return [0, 1, 2, 3, 4].map((reel) =>
    [0, 1, 2].map((row) => keys[(reel * 2 + row * 3) % keys.length]).join(''),
  );
}

function describe(grid: string[], symbols: Readonly<Record<string, [string, string]>>): string {
  return [0, 1, 2]
    .map((row) => grid.map((column) => symbols[column[row]!]?.[0] ?? '?').join(', '))
    .join('; ');
}
