import type { Fixture } from '@backlay/feed';
import type { Sql } from '../../db/database.ts';
import { termsFor } from './market-defaults.ts';

const json = (rows: unknown[]) =>
  JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));

/**
 * Inserts announced fixtures with their markets and runners. Rows that exist already are left alone
 * (a fixture's definition never changes), so a replayed announcement changes nothing. Answers the ids of
 * the markets that are new.
 */
export async function insertFixtures(tx: Sql, fixtures: readonly Fixture[]): Promise<string[]> {
  if (fixtures.length === 0) return [];
  const eventRows = fixtures.map((f) => ({
    id: f.id,
    sport: f.sport,
    competition: f.competition,
    name: f.name,
    start_ms: f.startMs,
  }));
  await tx.query(
    `INSERT INTO competitions (sport_slug, name)
     SELECT DISTINCT x.sport, x.competition FROM jsonb_to_recordset($1::jsonb) AS x(sport text, competition text)
     ON CONFLICT (sport_slug, name) DO NOTHING`,
    [json(eventRows)],
  );
  await tx.query(
    `INSERT INTO events (id, sport_slug, competition_id, name, start_time)
     SELECT x.id, x.sport, c.id, x.name, to_timestamp(x.start_ms / 1000.0)
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, sport text, competition text, name text, start_ms bigint)
     JOIN competitions c ON c.sport_slug = x.sport AND c.name = x.competition
     ON CONFLICT (id) DO NOTHING`,
    [json(eventRows)],
  );
  return insertEventMarkets(tx, fixtures);
}

/** An event's markets and their runners (the event exists); answers the markets that are new. */
export async function insertEventMarkets(tx: Sql, fixtures: readonly FixtureMarkets[]): Promise<string[]> {
  const inserted = await insertMarkets(tx, fixtures);
  await insertRunners(tx, fixtures);
  return inserted;
}

type FixtureMarkets = Pick<Fixture, 'id' | 'markets'>;

async function insertMarkets(tx: Sql, fixtures: readonly FixtureMarkets[]): Promise<string[]> {
  const rows = fixtures.flatMap((fixture) =>
    fixture.markets.map((market, index) => {
      const terms = termsFor(market);
      return {
        id: market.id,
        event_id: fixture.id,
        type: market.type,
        name: market.name,
        sort_order: index,
        bet_delay_sec: terms.betDelaySec,
        min_stake_minor: terms.minStakeMinor,
        max_stake_minor: terms.maxStakeMinor,
        commission_percent: terms.commissionPercent,
        house_priced: market.pricing === 'HOUSE',
      };
    }),
  );
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO markets (id, event_id, type, name, sort_order, bet_delay_sec, min_stake_minor,
                          max_stake_minor, commission_percent, house_priced)
     SELECT x.id, x.event_id, x.type, x.name, x.sort_order, x.bet_delay_sec, x.min_stake_minor,
            x.max_stake_minor, x.commission_percent, x.house_priced
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, event_id text, type text, name text,
       sort_order integer, bet_delay_sec integer, min_stake_minor bigint, max_stake_minor bigint,
       commission_percent numeric, house_priced boolean)
     ON CONFLICT (id) DO NOTHING
     RETURNING id`,
    [json(rows)],
  );
  return inserted.map((row) => row.id);
}

async function insertRunners(tx: Sql, fixtures: readonly FixtureMarkets[]): Promise<void> {
  const rows = fixtures.flatMap((fixture) =>
    fixture.markets.flatMap((market) =>
      market.runners.map((runner, index) => ({
        market_id: market.id,
        runner_id: runner.id,
        name: runner.name,
        sort_order: index,
      })),
    ),
  );
  await tx.query(
    `INSERT INTO runners (market_id, runner_id, name, sort_order)
     SELECT x.market_id, x.runner_id, x.name, x.sort_order
     FROM jsonb_to_recordset($1::jsonb) AS x(market_id text, runner_id text, name text, sort_order integer)
     ON CONFLICT (market_id, runner_id) DO NOTHING`,
    [json(rows)],
  );
}
