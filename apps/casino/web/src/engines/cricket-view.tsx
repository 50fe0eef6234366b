import { configOf, type EngineProps } from './engine-props.ts';
import { MarketButtons, type Market } from './markets.tsx';
import { usePredictionRound, verdictOf } from './prediction-round.ts';
import './fantasy.css';

type Ball = { id: string; label: string; runs: number };
type CricketConfig = { balls: 1 | 6; events: Ball[]; markets: Market[] };

const SHORT: Readonly<Record<string, string>> = {
  dot: '•',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  six: '6',
  wicket: 'W',
};

/** Cricket Over and Next Ball: call the over (or the next delivery); the balls come one by one. */
export default function CricketView({ game, round, params, setParams, busy }: EngineProps) {
  const { balls, events, markets } = configOf<CricketConfig>(game);
  const { outcome, shown, settled } = usePredictionRound(round, 380);
  const runs = shown.reduce((sum, id) => sum + (events.find((ball) => ball.id === id)?.runs ?? 0), 0);
  const wickets = shown.filter((id) => id === 'wicket').length;
  const labelOf = (id: string) => events.find((ball) => ball.id === id)?.label ?? id;
  return (
    <div className="cricket">
      <div className="pitch" aria-label={balls === 1 ? 'The next ball' : 'This over'} role="group">
        <ol className="over">
          {Array.from({ length: balls }, (_, i) => {
            const id = shown[i];
            return (
              <li key={`${round?.id ?? 'none'}-${i}`} className={id ? `delivery bowled ${id}` : 'delivery'}>
                <span aria-hidden="true">{id ? SHORT[id] : ''}</span>
                <span className="visually-hidden">{id ? labelOf(id) : `Ball ${i + 1} to come`}</span>
              </li>
            );
          })}
        </ol>
        <p className="scoreline" role="status">
          {outcome === null
            ? balls === 1
              ? 'Call the next ball.'
              : 'Call the over: runs, a wicket or a maiden.'
            : `${runs} run${runs === 1 ? '' : 's'}${wickets ? `, ${wickets} wicket${wickets === 1 ? '' : 's'}` : ''}${verdictOf(settled)}`}
        </p>
      </div>
      <MarketButtons markets={markets} settled={settled} params={params} setParams={setParams} busy={busy} />
    </div>
  );
}
