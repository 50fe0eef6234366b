import { exchangeTables } from '../../exchange/index.ts';
import { sportsTables } from '../../sports/index.ts';
import { ApiNgError, type ApiNgCaller, type ApiNgParams } from '../api-ng/operation.ts';
import { bfMarketId, parseBfMarketId } from '../ids.ts';
import { sizeOfMinor } from './amounts.ts';
import type { OrderDeps } from './deps.ts';

/** Betfair's MarketProfitAndLoss: the caller's result on each runner if it wins. */
export type MarketProfitAndLoss = {
  marketId: string;
  profitAndLosses: { selectionId: number; ifWin: number }[];
};

/** Betfair's most markets per listMarketProfitAndLoss. */
const MAX_MARKETS = 250;

type Row = {
  market_bf: string;
  selection_id: string;
  runner_id: string;
  bet_runner: string | null;
  side: 'BACK' | 'LAY' | null;
  matched_minor: string | null;
  matched_value: string | null;
};

/**
 * listMarketProfitAndLoss: the caller's profit or loss on each runner of each market if it wins, from the
 * matched part of their bets, each bet's winnings rounded down as settlement rounds them. Settled bets
 * count only with includeSettledBets; there is no starting price here, so includeBspBets changes nothing.
 */
export async function listMarketProfitAndLoss(
  deps: OrderDeps,
  caller: ApiNgCaller,
  params: ApiNgParams,
): Promise<MarketProfitAndLoss[]> {
  const marketIds = params.marketIds;
  if (!Array.isArray(marketIds) || marketIds.length === 0)
    throw new ApiNgError('INVALID_INPUT_DATA', 'marketIds must list one or more market ids.');
  if (marketIds.length > MAX_MARKETS)
    throw new ApiNgError('TOO_MUCH_DATA', `At most ${MAX_MARKETS} markets.`);
  const numbers = marketIds.map((id) => String(parseBfMarketId(id) ?? -1));
  const settled = params.includeSettledBets === true;
  const rows = await deps.sql.query<Row>(
    `SELECT m.bf_id::text AS market_bf, r.bf_id::text AS selection_id, r.runner_id, b.runner_id AS bet_runner,
            b.side, b.matched_minor::text, b.matched_value::text
       FROM ${sportsTables.markets} m
       JOIN ${sportsTables.runners} r ON r.market_id = m.id
       LEFT JOIN ${exchangeTables.bets} b ON b.market_id = m.id AND b.player_id = $2 AND b.matched_minor > 0
                       AND b.status <> 'VOID' AND ($3 OR b.status <> 'SETTLED')
      WHERE m.bf_id = ANY($1::bigint[]) AND NOT m.house_priced
      ORDER BY m.bf_id, r.sort_order, r.runner_id`,
    [numbers, caller.playerId, settled],
  );
  return [...group(rows).entries()].map(([marketBf, market]) => ({
    marketId: bfMarketId(marketBf),
    profitAndLosses: [...market.runners.entries()].map(([runnerId, selectionId]) => ({
      selectionId: Number(selectionId),
      ifWin: sizeOfMinor(ifWins(market.bets, runnerId)),
    })),
  }));
}

type Bet = { runnerId: string; side: 'BACK' | 'LAY'; matchedMinor: bigint; winningsMinor: bigint };

/** Markets with their runners (runner id → selection id) and the caller's matched bets. */
function group(rows: readonly Row[]) {
  const markets = new Map<string, { runners: Map<string, string>; bets: Bet[] }>();
  for (const row of rows) {
    const market = markets.get(row.market_bf) ?? { runners: new Map<string, string>(), bets: [] as Bet[] };
    markets.set(row.market_bf, market);
    market.runners.set(row.runner_id, row.selection_id);
    // The join repeats each bet once per runner of its market: it is taken on its own runner's row.
    if (row.side === null || row.runner_id !== row.bet_runner) continue;
    const matchedMinor = BigInt(row.matched_minor!);
    // Σ size × price-hundredths − size × 100 is the winnings in hundredths of a minor unit.
    const winningsMinor = (BigInt(row.matched_value!) - matchedMinor * 100n) / 100n;
    market.bets.push({ runnerId: row.bet_runner, side: row.side, matchedMinor, winningsMinor });
  }
  return markets;
}

/** The caller's result if `runnerId` wins: backs on it win, backs on others lose their stake; lays mirror. */
function ifWins(bets: readonly Bet[], runnerId: string): bigint {
  let total = 0n;
  for (const bet of bets) {
    const own = bet.runnerId === runnerId;
    const backResult = own ? bet.winningsMinor : -bet.matchedMinor;
    total += bet.side === 'BACK' ? backResult : -backResult;
  }
  return total;
}
