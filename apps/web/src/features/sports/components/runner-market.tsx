import type { Market } from '@backlay/contracts';
import { useSourceBook } from '../api/get-market-source.ts';
import { levels, ladderDepth } from '../market-view.ts';
import { useOpenSlip } from '../slip-context.ts';
import { nonRunnerText, nonRunners, sourceHoldsBets } from '../source-view.ts';
import { PriceCell } from './price-cell.tsx';
import { SourceLadder } from './source-ladder.tsx';
import { useLiveMarket } from './use-live-market.ts';

/**
 * A runner market (Match Odds, Bookmaker, Tied Match): a row per runner with its best prices, backs
 * from the middle outwards on the left, lays on the right. Deeper levels hide on a phone. A market
 * mirrored from a source shows the source's book beneath, in the same columns; a runner the source
 * removed is a non-runner no one can bet on, and the source's suspension holds bets too.
 */
export function RunnerMarket({ fetched, eventName }: { fetched: Market; eventName: string }) {
  const market = useLiveMarket(fetched);
  const openSlip = useOpenSlip();
  const depth = ladderDepth(market.type);
  const house = depth === 1;
  // Only a mirrored exchange market has a source; the others are never asked for one.
  const source = useSourceBook(house || fetched.mirrored !== true ? null : market.id);
  const removed = nonRunners(source);
  const suspended = market.status !== 'OPEN' || sourceHoldsBets(source);
  const suspendedText = market.status !== 'OPEN' ? market.status : (source?.status ?? '');
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
            const nonRunner = removed.get(runner.id);
            const closed = suspended || nonRunner !== undefined;
            return (
              <tr
                key={runner.id}
                data-testid="runner-row"
                data-runner={runner.id}
                className={nonRunner ? 'is-non-runner' : undefined}
              >
                <th scope="row" className="ladder-runner">
                  {nonRunner ? <s>{runner.name}</s> : runner.name}
                  {nonRunner ? (
                    <span className="non-runner-note" data-testid="non-runner">
                      {nonRunnerText(nonRunner)}
                    </span>
                  ) : (
                    suspended && <span className="suspended-tag">{suspendedText}</span>
                  )}
                </th>
                {[...backs].reverse().map((level, index) => (
                  <td key={`b${index}`} className={`ladder-cell depth-${depth - 1 - index}`}>
                    <PriceCell
                      level={level}
                      side="BACK"
                      runnerName={runner.name}
                      disabled={closed}
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
                      disabled={closed}
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
      {source && (
        <SourceLadder
          book={source}
          runnerIds={market.runners.map((runner) => runner.id)}
          depth={depth}
          id={`${captionId}-source`}
        />
      )}
    </div>
  );
}
