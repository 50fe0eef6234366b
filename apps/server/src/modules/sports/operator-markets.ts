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

/**
 * How a market is decided: a winning runner, every runner that wins a market paying several (a place
 * market's placed runners), a line market's final value, or void.
 */
export type OperatorResult =
  | { kind: 'WINNER'; winnerRunnerId: string }
  | { kind: 'WINNERS'; winnerRunnerIds: readonly string[] }
  | { kind: 'LINE'; value: number }
  | { kind: 'VOID' };

/** The row's columns for a result: WINNERS keeps its first winner too, for readers of one winner. */
function resultColumns(result: OperatorResult) {
  return [
    result.kind,
    result.kind === 'WINNER'
      ? result.winnerRunnerId
      : result.kind === 'WINNERS'
        ? (result.winnerRunnerIds[0] ?? null)
        : null,
    result.kind === 'WINNERS' ? JSON.stringify(result.winnerRunnerIds) : null,
    result.kind === 'LINE' ? result.value : null,
  ];
}

/** Records the operator's or the source's result (the first recorded stands). */
export async function recordResult(tx: Sql, marketId: string, result: OperatorResult): Promise<void> {
  await tx.query(
    `INSERT INTO market_results (market_id, kind, winner_runner_id, placings, line_result, decided_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, now())
     ON CONFLICT (market_id) DO NOTHING`,
    [marketId, ...resultColumns(result)],
  );
}

/** A re-settlement's outcome replaces whatever result the market had (docs/decisions/0242). */
export async function replaceResult(tx: Sql, marketId: string, result: OperatorResult): Promise<void> {
  await tx.query(
    `INSERT INTO market_results (market_id, kind, winner_runner_id, placings, line_result, decided_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, now())
     ON CONFLICT (market_id) DO UPDATE SET kind = EXCLUDED.kind, winner_runner_id = EXCLUDED.winner_runner_id,
       placings = EXCLUDED.placings, line_result = EXCLUDED.line_result, decided_at = EXCLUDED.decided_at`,
    [marketId, ...resultColumns(result)],
  );
}

/**
 * A runner the source removed (a non-runner): its row stays, since bets name runners by position, with
 * its status, when it went and its adjustment factor (a percent). Answers false when the market has no
 * such runner; a repeat changes nothing and moves no version.
 */
export async function markRunnerRemoved(
  tx: Sql,
  marketId: string,
  runnerId: string,
  removal: { adjustmentFactor: number; removedAtMs: number },
): Promise<boolean> {
  const [runner] = await tx.query<{ status: string }>(
    'SELECT status FROM runners WHERE market_id = $1 AND runner_id = $2 FOR UPDATE',
    [marketId, runnerId],
  );
  if (!runner) return false;
  if (runner.status === 'REMOVED') return true;
  await tx.query(
    `UPDATE runners SET status = 'REMOVED', removed_at = to_timestamp($3 / 1000.0), adjustment_factor = $4
      WHERE market_id = $1 AND runner_id = $2`,
    [marketId, runnerId, removal.removedAtMs, removal.adjustmentFactor],
  );
  await tx.query('UPDATE markets SET version = version + 1, updated_at = now() WHERE id = $1', [marketId]);
  return true;
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
