import type { EngineProps } from './engine-props.ts';

/** A market of a prediction game as the server prices it (docs/decisions/0179). */
export type Market = {
  id: string;
  label: string;
  group: string;
  multiplierHundredths: number;
  chancePpm: number;
};

/** The outcome of a prediction round: every event drawn, the market called and whether it won. */
export type PredictionOutcome = { events: string[]; market: string; won: boolean; payoutMultiplier: number };

const chance = (ppm: number) => {
  const percent = ppm / 10_000;
  return `${percent < 1 ? percent.toFixed(2) : percent.toFixed(1)} %`;
};

/** The markets in their groups, each a toggle (it sets `params.market`) showing its price and chance. */
export function MarketButtons({
  markets,
  settled,
  params,
  setParams,
  busy,
}: {
  markets: Market[];
  /** The last round's market and result, to mark it on the board. */
  settled: PredictionOutcome | null;
} & Pick<EngineProps, 'params' | 'setParams' | 'busy'>) {
  const selected = params.market;
  const groups = [...new Set(markets.map((market) => market.group))];
  return (
    <div className="markets">
      {groups.map((group) => (
        <div key={group} className="market-group" role="group" aria-label={group}>
          <h3>{group}</h3>
          <div className="bet-group">
            {markets
              .filter((market) => market.group === group)
              .map((market) => {
                const last = settled?.market === market.id ? (settled.won ? ' won' : ' lost') : '';
                return (
                  <button
                    key={market.id}
                    type="button"
                    className={`bet${selected === market.id ? ' selected' : ''}${last}`}
                    aria-pressed={selected === market.id}
                    disabled={busy}
                    onClick={() => setParams({ market: market.id })}
                  >
                    <span>{market.label}</span>
                    <strong className="price">{(market.multiplierHundredths / 100).toFixed(2)}x</strong>
                    <small>{chance(market.chancePpm)}</small>
                  </button>
                );
              })}
          </div>
        </div>
      ))}
    </div>
  );
}
