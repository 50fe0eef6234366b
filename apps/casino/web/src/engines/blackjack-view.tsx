import { configOf, outcomeOf, type EngineProps } from './engine-props.ts';
import { CardFace } from './controls.tsx';

type BlackjackOutcome = {
  player: string[];
  dealer: string[];
  playerTotal: number;
  dealerTotal: number;
  result: string | null;
};

const RESULTS: Readonly<Record<string, string>> = {
  blackjack: 'Blackjack! Pays 2.5x.',
  'dealer-blackjack': 'Dealer has blackjack.',
  win: 'You win.',
  push: 'Push: stake back.',
  bust: 'Bust.',
  lose: 'Dealer wins.',
};

/** Hit or stand against a dealer who stands on 17; blackjack pays 3 to 2. */
export default function BlackjackView({ game, round, busy, act }: EngineProps) {
  const { decks } = configOf<{ decks: number }>(game);
  const outcome = outcomeOf<BlackjackOutcome>(round);
  const open = round?.status === 'open';
  return (
    <div className="blackjack">
      <section className="hand" aria-label="Dealer">
        <h3>Dealer {outcome && <span className="sub">· {outcome.dealerTotal}</span>}</h3>
        <div className="card-row">
          {outcome?.dealer.map((code, i) => (
            <CardFace key={i} code={code} />
          ))}
          {open && <CardFace hidden />}
        </div>
      </section>
      <section className="hand" aria-label="Your hand">
        <h3>You {outcome && <span className="sub">· {outcome.playerTotal}</span>}</h3>
        <div className="card-row">
          {outcome?.player.map((code, i) => (
            <CardFace key={i} code={code} />
          ))}
        </div>
      </section>
      {outcome?.result && <p className="hint">{RESULTS[outcome.result]}</p>}
      <div className="button-row">
        <button type="button" disabled={!open || busy} onClick={() => act({ type: 'hit' })}>
          Hit
        </button>
        <button type="button" disabled={!open || busy} onClick={() => act({ type: 'stand' })}>
          Stand
        </button>
      </div>
      <p className="hint">Dealer stands on all 17s · {decks}-deck table, dealt from the seeded shoe.</p>
    </div>
  );
}
