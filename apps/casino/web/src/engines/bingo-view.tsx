import { configOf, outcomeOf, type EngineProps } from './engine-props.ts';
import { Choice } from './controls.tsx';
import { useSteps } from './use-steps.ts';

type BingoOutcome = { cards: number[][]; calls: number[]; lines: number[]; pays: number[] };

/** "1 line 4.80x · 2 lines 20.00x · …", the last entry paying for that many lines or more. */
function paysText(pays: number[]): string {
  return pays
    .slice(1)
    .map(
      (pay, i) =>
        `${i + 1}${i + 2 === pays.length ? '+' : ''} ${i === 0 ? 'line' : 'lines'} ${(pay / 100).toFixed(2)}x`,
    )
    .join(' · ');
}

/** Up to four 75-ball cards; thirty balls are called; completed lines pay per card. */
export default function BingoView({ game, round, params, setParams, busy }: EngineProps) {
  const {
    maxCards,
    calls: callCount,
    paysByLines,
  } = configOf<{ maxCards: number; calls: number; paysByLines: number[] }>(game);
  const outcome = outcomeOf<BingoOutcome>(round);
  const called = useSteps(round?.id, outcome?.calls.length ?? 0, 60);
  const calls = new Set(outcome?.calls.slice(0, called) ?? []);
  const finished = outcome !== null && called >= outcome.calls.length;
  return (
    <div className="bingo">
      <div className="calls" aria-label={`${calls.size} balls called`}>
        {outcome?.calls.slice(0, called).map((ball) => (
          <span key={ball} className="ball">
            {ball}
          </span>
        ))}
      </div>
      <div className="bingo-cards">
        {(outcome?.cards ?? []).map((card, c) => (
          <table
            key={c}
            className="bingo-card"
            aria-label={`Card ${c + 1}${finished ? `: ${outcome!.lines[c]} lines` : ''}`}
          >
            <thead>
              <tr>
                {'BINGO'.split('').map((letter) => (
                  <th key={letter} scope="col">
                    {letter}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[0, 1, 2, 3, 4].map((row) => (
                <tr key={row}>
                  {[0, 1, 2, 3, 4].map((column) => {
                    const number = card[column * 5 + row]!;
                    return (
                      <td key={column} className={number === 0 || calls.has(number) ? 'marked' : undefined}>
                        {number === 0 ? '★' : number}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <Choice
        label="Cards"
        value={params.cards as number}
        options={Array.from({ length: maxCards }, (_, i) => i + 1)}
        disabled={busy}
        onChange={(cards) => setParams({ cards })}
      />
      <p className="hint">
        {callCount} balls are called; the bet is shared by the cards. Per card: {paysText(paysByLines)}.
      </p>
    </div>
  );
}
