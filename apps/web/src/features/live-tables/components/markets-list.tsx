import type { TableMarket } from '@backlay/contracts';
import { formatMoney } from '@backlay/front-kit/money';
import { compactLimit } from '../compact-limit.ts';

interface MarketsListProps {
  markets: readonly TableMarket[];
  selectedId: string | null;
  onSelect: (market: TableMarket) => void;
  /** Spec names per market id where the server's differ (ball-by-ball "1 Runs"). */
  labels?: Readonly<Record<string, string>>;
  winning?: readonly string[];
  layout: 'grid' | 'rows';
  /** Shows each market's volume (the stake matched on it this round), as the Runs market does. */
  showVolume?: boolean;
}

/** Tables with many markets (roulette, worli) get small tiles; their limits are shown on the slip. */
const DENSE_FROM = 13;

const listClass = (layout: 'grid' | 'rows', count: number): string =>
  layout === 'rows'
    ? 'markets markets-rows'
    : `markets markets-grid${count >= DENSE_FROM ? ' markets-dense' : ''}`;

/**
 * The markets of a table, each a button that puts it on the slip; SUSPENDED while the round is not
 * taking bets (the button stays in the tab order so the player can still read it).
 */
export function MarketsList({
  markets,
  selectedId,
  onSelect,
  labels,
  winning,
  layout,
  showVolume = false,
}: MarketsListProps) {
  return (
    <ul
      className={`${listClass(layout, markets.length)}${showVolume ? ' markets-with-volume' : ''}`}
      data-testid="markets"
    >
      {markets.map((market) => {
        const suspended = market.status !== 'OPEN';
        const name = labels?.[market.id] ?? market.name;
        const won = winning?.includes(market.id) === true;
        return (
          <li key={market.id}>
            <button
              type="button"
              className={`market${suspended ? ' suspended' : ''}${won ? ' won' : ''}`}
              aria-pressed={market.id === selectedId}
              aria-disabled={suspended}
              onClick={() => !suspended && onSelect(market)}
              data-testid="market"
              data-market={market.id}
              data-status={market.status}
            >
              <span className="market-name">{name}</span>
              <span className="market-odds">{market.odds.toFixed(2)}</span>
              {showVolume && (
                <span className="market-volume" data-testid="market-volume">
                  <span className="visually-hidden">Volume </span>
                  {formatMoney(market.volume)}
                </span>
              )}
              <span className="market-limits">
                Min {compactLimit(market.minStake)} / Max {compactLimit(market.maxStake)}
              </span>
              {suspended && <span className="suspended-tag">SUSPENDED</span>}
              {won && <span className="won-tag">WON</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
