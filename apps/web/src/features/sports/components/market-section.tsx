import type { Market } from '@backlay/contracts';
import { formatMoney } from '@backlay/front-kit/money';
import { marketTypeLabel } from '../../../lib/market-labels.ts';
import { isLineMarket, type MarketSection as Section } from '../market-view.ts';
import { LineMarketTable } from './line-market.tsx';
import { RunnerMarket } from './runner-market.tsx';

function Limits({ market }: { market: Market }) {
  return (
    <span className="market-limits">
      Min {formatMoney(market.minStake)} · Max {formatMoney(market.maxStake)}
    </span>
  );
}

/** One market type of the match page under its name in words (docs/decisions/0086). */
export function MarketSection({ section, eventName }: { section: Section; eventName: string }) {
  const label = marketTypeLabel(section.type);
  const headingId = `market-${section.type}`;
  const line = isLineMarket(section.type);
  const first = section.markets[0];
  return (
    <section className="panel" data-testid="market" data-market={section.type} aria-labelledby={headingId}>
      <div className="panel-head">
        <h2 className="panel-title" id={headingId}>
          {label}
        </h2>
        {!line && first && <Limits market={first} />}
      </div>
      {line ? (
        <LineMarketTable markets={section.markets} eventName={eventName} label={label} />
      ) : (
        section.markets.map((market) => (
          <RunnerMarket key={market.id} fetched={market} eventName={eventName} />
        ))
      )}
    </section>
  );
}
