import type { Market } from '@backlay/contracts';
import { formatMinor, MAX_LEDGER_AMOUNT_MINOR, parseAmountMinor } from '@backlay/ledger';
import { randomUUID } from 'node:crypto';
import { placeRequest } from '../exchange/index.ts';
import { readMarketsById, readQuotedOpenMarketIds } from '../sports/index.ts';
import { pickOne, type TrafficDeps, type TrafficStep } from './deps.ts';
import { smallStake } from './stakes.ts';

/** Markets looked at per bet: the newest few, so bets gather on markets an operator sees moving. */
const MARKETS_CONSIDERED = 40;
/** Lays only at short prices, so a demo lay's liability stays a few times its stake. */
const MAX_LAY_PRICE = 5;

const minorOf = (amount: string) => {
  const parsed = parseAmountMinor(amount, { maxMinor: MAX_LEDGER_AMOUNT_MINOR });
  return parsed.ok ? parsed.amountMinor : 0n;
};

/** A runner and side with a price on the book: backs at the best back price, lays at the best lay. */
function chooseSelection(market: Market, random: () => number) {
  const runner = pickOne(
    market.runners.filter((candidate) => candidate.back.length > 0 || candidate.lay.length > 0),
    random,
  );
  if (!runner) return null;
  const lay = runner.lay[0];
  if (lay && lay.price <= MAX_LAY_PRICE && (random() < 0.35 || !runner.back[0])) {
    return { runnerId: runner.id, side: 'LAY' as const, price: lay.price };
  }
  const back = runner.back[0];
  return back ? { runnerId: runner.id, side: 'BACK' as const, price: back.price } : null;
}

/**
 * A back or lay at the book's best price on an open simulated market, through the exchange's own
 * `POST /api/bets` path: the admission gate, the market's unit and the ledger, as a player's bet.
 */
export async function placeExchangeBet(
  deps: TrafficDeps,
  playerId: string,
  freeMinor: bigint,
  random: () => number,
): Promise<TrafficStep> {
  const product = 'exchange';
  const marketId = pickOne(await readQuotedOpenMarketIds(deps.db, MARKETS_CONSIDERED), random);
  const [market] = marketId ? await readMarketsById(deps.db, [marketId]) : [];
  const selection = market ? chooseSelection(market, random) : null;
  if (!market || !selection) return { product, placed: false, code: 'NO_OPEN_MARKET' };
  const limits = { minMinor: minorOf(market.minStake), maxMinor: minorOf(market.maxStake), freeMinor };
  const stake = smallStake(random, limits);
  if (stake === null) return { product, placed: false, code: 'NO_STAKE_FITS' };
  const result = await placeRequest(deps.exchange, playerId, {
    marketId: market.id,
    ...selection,
    stake: formatMinor(stake),
    persistence: 'LAPSE',
    clientRef: `demo-${randomUUID()}`,
  });
  return result.ok ? { product, placed: true } : { product, placed: false, code: result.code };
}
