import { outcomeOf, type EngineProps } from './engine-props.ts';
import { CardFace } from './controls.tsx';

type HiloOutcome = {
  cards: string[];
  guesses: string[];
  lost: boolean;
  chances: { higher: number; lower: number };
};

/** Guess whether the next card is higher or lower; each right guess multiplies the win. */
export default function HiloView({ round, busy, act }: EngineProps) {
  const outcome = outcomeOf<HiloOutcome>(round);
  const open = round?.status === 'open';
  const current = outcome?.cards[outcome.cards.length - 1];
  const rank = current?.[0];
  const can = (action: string) => open && !busy && round!.actions.includes(action);
  return (
    <div className="hilo">
      <div className="hilo-current">
        <CardFace code={current} hidden={!current} />
      </div>
      {outcome && outcome.cards.length > 1 && (
        <ol className="card-trail" aria-label="Cards so far">
          {outcome.cards.map((code, i) => (
            <li key={i} className={i > 0 ? `guess-${outcome.guesses[i - 1]}` : undefined}>
              <CardFace code={code} />
            </li>
          ))}
        </ol>
      )}
      <div className="button-row">
        <button type="button" disabled={!can('higher')} onClick={() => act({ type: 'higher' })}>
          {rank === '2' ? 'Higher' : 'Higher or same'}{' '}
          {open && outcome ? `(${((outcome.chances.higher / 13) * 100).toFixed(1)} %)` : ''}
        </button>
        <button type="button" disabled={!can('lower')} onClick={() => act({ type: 'lower' })}>
          {rank === 'A' ? 'Lower' : 'Lower or same'}{' '}
          {open && outcome ? `(${((outcome.chances.lower / 13) * 100).toFixed(1)} %)` : ''}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!can('skip')}
          onClick={() => act({ type: 'skip' })}
        >
          Skip card
        </button>
      </div>
      {!open && (
        <p className="hint">
          {outcome?.lost ? 'Wrong guess: the round is over.' : 'Place a bet to draw the first card.'}
        </p>
      )}
    </div>
  );
}
