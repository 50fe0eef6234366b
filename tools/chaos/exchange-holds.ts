import {
  RunnerMarketRisk,
  priceHundredthsOfTick,
  type FillEvent,
  type OrderEvent,
  type Persistence,
  type Side,
} from '@backlay/exchange';
import { playerHoldAccountId } from '@backlay/ledger';
import type pg from 'pg';
import { inSnapshot, type SnapshotReader } from './snapshot.ts';

/** One player's position on one exchange market: what the exchange holds exposure for. */
export type Position = { playerId: string; marketId: string };

/** A position whose hold, as its group commits posted it, differs from the exposure its bets imply. */
export type HoldFinding = Position & { heldMinor: bigint; exposureMinor: bigint };

/**
 * The exchange's names, as apps/server/src/modules/exchange posts them: a player's hold on a market is
 * `xm:<market>:<player>` (market-load.ts holdIdOf), and a group commit moves it under the batch's key
 * `xh:<batch>:<n>#0` (batch-write.ts, ledger_set_holds); a settlement releases what is left under `xs:`.
 */
const holdIdOf = (position: Position) => `xm:${position.marketId}:${position.playerId}`;
const BATCH_KEYS = 'xh:%';

type MarketRow = {
  id: string;
  house_priced: boolean;
  is_line: boolean;
  winners: number;
  removed: number;
  runners: string[];
};
type FillRow = {
  market_id: string;
  runner_index: number;
  price_tick: number;
  price_hundredths: number | null;
  size_minor: string;
  taker_side: Side;
  taker_order_id: string;
  taker_account_id: string;
  maker_order_id: string;
  maker_account_id: string;
};
type OpenBetRow = {
  id: string;
  player_id: string;
  market_id: string;
  runner_id: string;
  side: Side;
  price_tick: number;
  persistence: Persistence;
  remaining_minor: string;
};

/**
 * Judges exchange stakes by their real effect on the ledger. An exchange stake is no transfer of its
 * own, and no ledger row names a bet: each group commit sets every touched player's hold on the market
 * to the exposure of the player's whole position there, posting one BET_HOLD or BET_RELEASE for the
 * difference under the batch's key. So a bet is judged through its position: the batch transfers on
 * the position's hold must add up to the exposure its bets imply now, rebuilt from the standing fills
 * and the open bets' unmatched parts with the engine's own risk code, as a market unit rebuilds it
 * (market-load.ts). That is what the placements (and the matches, cancels and lapses after them)
 * posted, not the balance now: a settlement's release goes under other keys and is left out, so a
 * settled market is judged like an open one (its close lapsed the unmatched parts in a batch of its
 * own first). Less held than the exposure: a hold never posted; more: a hold posted twice, or for a
 * bet that was not stored. Everything is read in one snapshot, since a batch writes the bets and their
 * holds in one transaction. House-priced and line markets keep their exposure from house bets, not
 * fills; the chaos load bets on neither (leases.ts openMarkets), so their positions are not judged.
 */
export async function checkExchangeHolds(
  pool: pg.Pool,
  positions: readonly Position[],
): Promise<HoldFinding[]> {
  const unique = [...new Map(positions.map((position) => [holdIdOf(position), position])).values()];
  if (unique.length === 0) return [];
  const marketIds = [...new Set(unique.map((position) => position.marketId))];
  const playerIds = [...new Set(unique.map((position) => position.playerId))];
  const read = await inSnapshot(pool, (reader) => readPositions(reader, marketIds, playerIds));
  const findings: HoldFinding[] = [];
  for (const market of read.markets) {
    if (market.house_priced || market.is_line) continue;
    const risk = rebuildRisk(
      market,
      read.fills.filter((fill) => fill.market_id === market.id),
      read.openBets.filter((bet) => bet.market_id === market.id),
    );
    for (const position of unique.filter((candidate) => candidate.marketId === market.id)) {
      const exposureMinor = risk.exposureMinor(position.playerId);
      const heldMinor = read.held.get(holdIdOf(position)) ?? 0n;
      if (heldMinor !== exposureMinor) findings.push({ ...position, heldMinor, exposureMinor });
    }
  }
  return findings;
}

async function readPositions(reader: SnapshotReader, marketIds: string[], playerIds: string[]) {
  const markets = await reader.query<MarketRow>(
    `SELECT m.id, m.house_priced, m.line IS NOT NULL AS is_line, coalesce(m.number_of_winners, 1) AS winners,
            (SELECT count(*)::int FROM runner_removals x WHERE x.market_id = m.id) AS removed,
            array(SELECT r.runner_id FROM runners r WHERE r.market_id = m.id ORDER BY r.sort_order, r.runner_id) AS runners
       FROM markets m WHERE m.id = ANY($1::text[])`,
    [marketIds],
  );
  const fills = await reader.query<FillRow>(
    `SELECT market_id, runner_index, price_tick, price_hundredths, size_minor::text, taker_side, taker_order_id,
            taker_account_id, maker_order_id, maker_account_id
       FROM bet_fills
      WHERE market_id = ANY($1::text[]) AND voided_at IS NULL
        AND (taker_account_id = ANY($2::text[]) OR maker_account_id = ANY($2::text[]))
      ORDER BY id`,
    [marketIds, playerIds],
  );
  const openBets = await reader.query<OpenBetRow>(
    `SELECT id, player_id, market_id, runner_id, side, price_tick, persistence,
            (stake_minor - matched_minor - cancelled_minor - voided_minor)::text AS remaining_minor
       FROM bets
      WHERE market_id = ANY($1::text[]) AND player_id = ANY($2::text[]) AND status NOT IN ('SETTLED', 'VOID')
        AND stake_minor - matched_minor - cancelled_minor - voided_minor > 0
      ORDER BY seq`,
    [marketIds, playerIds],
  );
  return {
    markets: markets.rows,
    fills: fills.rows,
    openBets: openBets.rows,
    held: await readHeld(reader, playerIds),
  };
}

/** What the group commits moved on each of the players' exchange holds: held minus released. */
async function readHeld(reader: SnapshotReader, playerIds: string[]): Promise<Map<string, bigint>> {
  const holdAccounts = playerIds.map(playerHoldAccountId);
  const { rows } = await reader.query<{ hold_id: string; held_minor: string }>(
    `SELECT hold_id, sum(CASE WHEN kind = 'BET_HOLD' THEN amount_minor ELSE -amount_minor END)::text AS held_minor
       FROM transfers
      WHERE (credit_account_id = ANY($1::text[]) OR debit_account_id = ANY($1::text[]))
        AND hold_id LIKE 'xm:%' AND kind IN ('BET_HOLD', 'BET_RELEASE') AND idempotency_key LIKE $2
      GROUP BY hold_id`,
    [holdAccounts, BATCH_KEYS],
  );
  return new Map(rows.map((row) => [row.hold_id, BigInt(row.held_minor)]));
}

/**
 * The market's risk as a market unit rebuilds it: standing fills at their ladder price, each moved to
 * the price a non-runner's reduction left it at, the runners left to win, then the open bets' unmatched
 * parts (counted on their adverse side only).
 */
function rebuildRisk(market: MarketRow, fills: readonly FillRow[], openBets: readonly OpenBetRow[]) {
  const runnerCount = Math.max(market.runners.length, 1);
  const created = RunnerMarketRisk.create(runnerCount, market.winners);
  if (!created.ok) throw new Error(`market ${market.id}: ${created.code}`);
  const risk = created.value;
  risk.apply(fills.map(fillEvent));
  for (const fill of fills) {
    if (fill.price_hundredths === null) continue;
    const matched = {
      runnerIndex: fill.runner_index,
      takerSide: fill.taker_side,
      sizeMinor: BigInt(fill.size_minor),
      takerAccountId: fill.taker_account_id,
      makerAccountId: fill.maker_account_id,
    };
    risk.moveMatched(matched, priceHundredthsOfTick(fill.price_tick), fill.price_hundredths);
  }
  risk.setWinners(Math.max(1, Math.min(market.winners, market.runners.length - market.removed)));
  risk.apply(openBets.map((bet) => orderEvent(bet, market.runners.indexOf(bet.runner_id))));
  return risk;
}

const fillEvent = (fill: FillRow): FillEvent => ({
  type: 'FILL',
  runnerIndex: fill.runner_index,
  priceTick: fill.price_tick,
  sizeMinor: Number(fill.size_minor),
  takerSide: fill.taker_side,
  takerOrderId: fill.taker_order_id,
  takerAccountId: fill.taker_account_id,
  makerOrderId: fill.maker_order_id,
  makerAccountId: fill.maker_account_id,
  makerRemainingMinor: 0,
});

/** An open bet's unmatched part, as the engine reports a resting order. */
const orderEvent = (bet: OpenBetRow, runnerIndex: number): OrderEvent => ({
  type: 'ORDER',
  orderId: bet.id,
  accountId: bet.player_id,
  runnerIndex,
  side: bet.side,
  priceTick: bet.price_tick,
  persistence: bet.persistence,
  state: 'RESTING',
  sizeMinor: Number(bet.remaining_minor),
  matchedMinor: 0,
  remainingMinor: Number(bet.remaining_minor),
  cancelledMinor: 0,
});
