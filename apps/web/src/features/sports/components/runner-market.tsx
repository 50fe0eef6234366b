import type { Market } from '@backlay/contracts';
import { levels, ladderDepth } from '../market-view.ts';
import { useOpenSlip } from '../slip-context.ts';
import { PriceCell } from './price-cell.tsx';
import { useLiveMarket } from './use-live-market.ts';

/**
 * A runner market (Match Odds, Bookmaker, Tied Match): a row per runner with its best prices, backs
 * from the middle outwards on the left, lays on the right. Deeper levels hide on a phone.
 */
export function RunnerMarket({ fetched, eventName }: { fetched: Market; eventName: string }) {
  const market = useLiveMarket(fetched);
  const openSlip = useOpenSlip();
  const depth = ladderDepth(market.type);
  const suspended = market.status !== 'OPEN';
  const house = depth === 1;
  const captionId = `market-${market.id.replace(/[^a-z0-9-]/g, '-')}`;

  return (
    <div className="runner-market" data-testid="runner-market" data-market-id={market.id}>
      <table className="ladder-table" aria-labelledby={captionId}>
        <caption id={captionId} className="visually-hidden">
          {market.name}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="ladder-runner">
              <span className="visually-hidden">Runner</span>
            </th>
            {Array.from({ length: depth }, (_, index) => depth - 1 - index).map((level) => (
              <th key={`b${level}`} scope="col" className={`ladder-side depth-${level}`}>
                {level === 0 ? (
                  <span className="swatch swatch-back">Back</span>
                ) : (
                  <span className="visually-hidden">Back {level + 1}</span>
                )}
              </th>
            ))}
            {Array.from({ length: depth }, (_, level) => (
              <th key={`l${level}`} scope="col" className={`ladder-side depth-${level}`}>
                {level === 0 ? (
                  <span className="swatch swatch-lay">Lay</span>
                ) : (
                  <span className="visually-hidden">Lay {level + 1}</span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={suspended ? 'is-suspended' : undefined}>
          {market.runners.map((runner) => {
            const pick = (side: 'BACK' | 'LAY') => (price: number | null) =>
              openSlip({
                marketId: market.id,
                marketType: market.type,
                marketName: market.name,
                eventName,
                runnerId: runner.id,
                runnerName: runner.name,
                side,
                price,
              });
            const backs = levels(runner.back, depth);
            const lays = levels(runner.lay, depth);
            return (
              <tr key={runner.id} data-testid="runner-row" data-runner={runner.id}>
                <th scope="row" className="ladder-runner">
                  {runner.name}
                  {suspended && <span className="suspended-tag">{market.status}</span>}
                </th>
                {[...backs].reverse().map((level, index) => (
                  <td key={`b${index}`} className={`ladder-cell depth-${depth - 1 - index}`}>
                    <PriceCell
                      level={level}
                      side="BACK"
                      runnerName={runner.name}
                      disabled={suspended}
                      emptyClickable={!house && index === depth - 1}
                      onPick={pick('BACK')}
                    />
                  </td>
                ))}
                {lays.map((level, index) => (
                  <td key={`l${index}`} className={`ladder-cell depth-${index}`}>
                    <PriceCell
                      level={level}
                      side="LAY"
                      runnerName={runner.name}
                      disabled={suspended}
                      emptyClickable={!house && index === 0}
                      onPick={pick('LAY')}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
