import type { Market } from '@backlay/contracts';
import { formatMoney } from '@backlay/front-kit/money';
import { isListed, lineCells, lineText } from '../market-view.ts';
import { useOpenSlip } from '../slip-context.ts';
import { PriceCell } from './price-cell.tsx';
import { useLiveMarket } from './use-live-market.ts';

/** One line market (fancy, odd/even, khado): its name and line, then a cell per outcome. */
export function LineMarketRow({ fetched, eventName }: { fetched: Market; eventName: string }) {
  const market = useLiveMarket(fetched);
  const openSlip = useOpenSlip();
  if (!isListed(market)) return null;
  const suspended = market.status !== 'OPEN';
  const line = lineText(market);
  return (
    <tr data-testid="line-row" data-market-id={market.id} className={suspended ? 'is-suspended' : undefined}>
      <th scope="row" className="line-name">
        <span>{market.name}</span>
        <span className="line-meta">
          {line !== null && <span data-testid="line-value">Line {line}</span>}
          <span>
            Min {formatMoney(market.minStake)} · Max {formatMoney(market.maxStake)}
          </span>
        </span>
      </th>
      {suspended ? (
        <td colSpan={market.runners.length} className="line-suspended" data-testid="suspended">
          SUSPENDED
        </td>
      ) : (
        lineCells(market).map((cell) => {
          const runner = market.runners.find((r) => r.id === cell.runnerId);
          return (
            <td key={cell.runnerId} className="ladder-cell">
              <PriceCell
                level={runner?.back[0] ?? null}
                side="BACK"
                tone={cell.tone}
                runnerName={`${cell.label}, ${market.name}`}
                onPick={(price) =>
                  openSlip({
                    marketId: market.id,
                    marketType: market.type,
                    marketName: market.name,
                    eventName,
                    runnerId: cell.runnerId,
                    runnerName: line === null ? cell.label : `${cell.label} ${line}`,
                    side: 'BACK',
                    price,
                  })
                }
              />
            </td>
          );
        })
      )}
    </tr>
  );
}

/** The rows of one line-market type under a shared header of its outcome names. */
export function LineMarketTable({
  markets,
  eventName,
  label,
}: {
  markets: Market[];
  eventName: string;
  label: string;
}) {
  const first = markets[0];
  if (!first) return null;
  return (
    <table className="line-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col" className="line-name">
            <span className="visually-hidden">Market</span>
          </th>
          {lineCells(first).map((cell) => (
            <th key={cell.runnerId} scope="col" className={`ladder-side swatch-${cell.tone}`}>
              {cell.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {markets.map((market) => (
          <LineMarketRow key={market.id} fetched={market} eventName={eventName} />
        ))}
      </tbody>
    </table>
  );
}
