import { configOf, type EngineProps } from './engine-props.ts';
import { MarketButtons, type Market } from './markets.tsx';
import { usePredictionRound, verdictOf } from './prediction-round.ts';
import './fantasy.css';

type Attack = { id: string; label: string };
type GoalCallConfig = { attacks: number; events: Attack[]; markets: Market[] };

/** Goal or No Goal: call the spell, then watch its attacks one by one. */
export default function GoalCallView({ game, round, params, setParams, busy }: EngineProps) {
  const { attacks, events, markets } = configOf<GoalCallConfig>(game);
  const { outcome, shown, settled } = usePredictionRound(round, 420);
  const goals = shown.filter((id) => id === 'goal').length;
  return (
    <div className="goal-call">
      <div className="spell" role="group" aria-label={`${attacks} attacks`}>
        <ol className="attacks">
          {Array.from({ length: attacks }, (_, i) => {
            const id = shown[i];
            return (
              <li key={`${round?.id ?? 'none'}-${i}`} className={id ? `attack ${id}` : 'attack'}>
                <span className="attack-number">{i + 1}</span>
                <span>{id ? (events.find((event) => event.id === id)?.label ?? id) : '—'}</span>
              </li>
            );
          })}
        </ol>
        <p className="scoreline" role="status">
          {outcome === null
            ? `Will there be a goal in the next ${attacks} attacks?`
            : `${goals} goal${goals === 1 ? '' : 's'}${verdictOf(settled)}`}
        </p>
      </div>
      <MarketButtons markets={markets} settled={settled} params={params} setParams={setParams} busy={busy} />
    </div>
  );
}
