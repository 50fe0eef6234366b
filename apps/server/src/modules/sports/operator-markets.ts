import type { CustomMarketType } from '@backlay/contracts';
import { marketId as marketIdOf } from '@backlay/feed';
import { randomBytes } from 'node:crypto';
import type { Sql } from '../../db/database.ts';

/**
 * The operator's writes on the catalogue, made by the exchange's admin routes inside their audited
 * transactions (docs/decisions/0135, 0242): custom events, market status, results and stake limits.
 */

export type CustomMarket = {
  type: CustomMarketType;
  runners: string[];
  marketMaker?: boolean | undefined;
  stakeLimits: { minStakeMinor: bigint; maxStakeMinor: bigint };
};
export type CustomEvent = {
  sport: string;
  competition: string;
  name: string;
  startTime: string;
  markets: CustomMarket[];
};

const NAMES: Readonly<Record<CustomMarketType, string>> = {
  MATCH_ODDS: 'Match Odds',
  TIED_MATCH: 'Tied Match',
  WINNER: 'Winner',
  OUTRIGHT: 'Outright',
};

/**
 * An operator's own event (politics, specials; docs/decisions/0135): exchange terms as the feed's
 * exchange markets, commission from COMMISSION_PERCENT, no fair price (the market maker quotes only
 * once one is known, so by default these markets trade between players).
 */
export async function insertCustomEvent(
  tx: Sql,
  event: CustomEvent,
  commissionPercent: number,
): Promise<{ eventId: string; marketIds: string[] }> {
  const eventId = `custom-${randomBytes(5).toString('hex')}`;
  await tx.query(
    `INSERT INTO competitions (sport_slug, name) VALUES ($1, $2) ON CONFLICT (sport_slug, name) DO NOTHING`,
    [event.sport, event.competition],
  );
  await tx.query(
    `INSERT INTO events (id, sport_slug, competition_id, name, start_time)
     SELECT $1, $2, c.id, $4, $5::timestamptz FROM competitions c WHERE c.sport_slug = $2 AND c.name = $3`,
    [eventId, event.sport, event.competition, event.name, event.startTime],
  );
  const marketIds: string[] = [];
  for (const [index, market] of event.markets.entries()) {
    const marketId = marketIdOf(eventId, `${market.type.toLowerCase().replaceAll('_', '-')}-${index + 1}`);
    await tx.query(
      `INSERT INTO markets (id, event_id, type, name, sort_order, bet_delay_sec, min_stake_minor, max_stake_minor,
         commission_percent, house_priced, market_maker)
       VALUES ($1, $2, $3, $4, $5, 5, $6, $7, $8, false, $9)`,
      [
        marketId,
        eventId,
        market.type,
        NAMES[market.type],
        index,
        market.stakeLimits.minStakeMinor,
        market.stakeLimits.maxStakeMinor,
        commissionPercent,
        market.marketMaker ?? false,
      ],
    );
    for (const [runnerIndex, name] of market.runners.entries()) {
      await tx.query('INSERT INTO runners (market_id, runner_id, name, sort_order) VALUES ($1, $2, $3, $4)', [
        marketId,
        `r${runnerIndex + 1}`,
        name,
        runnerIndex,
      ]);
    }
    marketIds.push(marketId);
  }
  return { eventId, marketIds };
}

/** Operator status changes on a live market; answers false when the market is not open or suspended. */
export async function setMarketStatus(
  tx: Sql,
  marketId: string,
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED',
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE markets SET status = $2, version = version + 1, updated_at = now()
     WHERE id = $1 AND status IN ('OPEN', 'SUSPENDED') RETURNING id`,
    [marketId, status],
  );
  return rows.length > 0;
}

/** How an operator decides a market: a winning runner, a line market's final value, or void. */
export type OperatorResult =
  { kind: 'WINNER'; winnerRunnerId: string } | { kind: 'LINE'; value: number } | { kind: 'VOID' };

/** Records the operator's result (the feed's, when it came first, stands). */
export async function recordResult(tx: Sql, marketId: string, result: OperatorResult): Promise<void> {
  await tx.query(
    `INSERT INTO market_results (market_id, kind, winner_runner_id, line_result, decided_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (market_id) DO NOTHING`,
    [
      marketId,
      result.kind,
      result.kind === 'WINNER' ? result.winnerRunnerId : null,
      result.kind === 'LINE' ? result.value : null,
    ],
  );
}

/** A re-settlement's outcome replaces whatever result the market had (docs/decisions/0242). */
export async function replaceResult(tx: Sql, marketId: string, result: OperatorResult): Promise<void> {
  await tx.query(
    `INSERT INTO market_results (market_id, kind, winner_runner_id, line_result, decided_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (market_id) DO UPDATE SET kind = EXCLUDED.kind, winner_runner_id = EXCLUDED.winner_runner_id,
       placings = NULL, line_result = EXCLUDED.line_result, decided_at = EXCLUDED.decided_at`,
    [
      marketId,
      result.kind,
      result.kind === 'WINNER' ? result.winnerRunnerId : null,
      result.kind === 'LINE' ? result.value : null,
    ],
  );
}

/** New stake limits on a market's row; its version moves so that followers read it again. */
export async function saveStakeLimits(
  tx: Sql,
  marketId: string,
  limits: { minStakeMinor: bigint; maxStakeMinor: bigint },
): Promise<void> {
  await tx.query(
    `UPDATE markets SET min_stake_minor = $2, max_stake_minor = $3, version = version + 1, updated_at = now()
     WHERE id = $1`,
    [marketId, limits.minStakeMinor, limits.maxStakeMinor],
  );
}
