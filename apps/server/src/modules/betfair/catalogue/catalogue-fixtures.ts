import type { Sql } from '../../../db/database.ts';

/** A market written straight to the tables, for the catalogue's tests. */
export type FixtureMarket = {
  id: string;
  type: string;
  name: string;
  runners: string[];
  housePriced?: boolean;
  status?: string;
  inPlay?: boolean;
  commissionPercent?: number;
};
export type FixtureEvent = {
  id: string;
  sport: string;
  competition: string;
  name: string;
  startTime: string;
  markets: FixtureMarket[];
};

/** Inserts events with their markets and runners as the feed would (runner ids `r1`, `r2`…). */
export async function insertEvents(sql: Sql, events: readonly FixtureEvent[]): Promise<void> {
  for (const event of events) {
    await sql.query(
      `INSERT INTO competitions (sport_slug, name) VALUES ($1, $2) ON CONFLICT (sport_slug, name) DO NOTHING`,
      [event.sport, event.competition],
    );
    await sql.query(
      `INSERT INTO events (id, sport_slug, competition_id, name, start_time)
       SELECT $1, $2, c.id, $4, $5::timestamptz FROM competitions c WHERE c.sport_slug = $2 AND c.name = $3`,
      [event.id, event.sport, event.competition, event.name, event.startTime],
    );
    for (const [index, market] of event.markets.entries()) {
      await sql.query(
        `INSERT INTO markets (id, event_id, type, name, sort_order, status, in_play, bet_delay_sec, min_stake_minor,
           max_stake_minor, commission_percent, house_priced, market_maker)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 5, 100, 10000000, $8, $9, false)`,
        [
          market.id,
          event.id,
          market.type,
          market.name,
          index,
          market.status ?? 'OPEN',
          market.inPlay ?? false,
          market.commissionPercent ?? 2,
          market.housePriced ?? false,
        ],
      );
      for (const [runnerIndex, name] of market.runners.entries()) {
        await sql.query(
          'INSERT INTO runners (market_id, runner_id, name, sort_order) VALUES ($1, $2, $3, $4)',
          [market.id, `r${runnerIndex + 1}`, name, runnerIndex],
        );
      }
    }
  }
}

const inHours = (hours: number) => new Date(Date.UTC(2031, 0, 10, 12) + hours * 3_600_000).toISOString();

/** Football with a house market and a settled one, a race, an in-play cricket match. */
export const CATALOGUE_EVENTS: readonly FixtureEvent[] = [
  {
    id: 'fx-ars-che',
    sport: 'football',
    competition: 'Premier League',
    name: 'Arsenal v Chelsea',
    startTime: inHours(24),
    markets: [
      {
        id: 'fx-ars-che.mo',
        type: 'MATCH_ODDS',
        name: 'Match Odds',
        runners: ['Arsenal', 'Chelsea', 'The Draw'],
      },
      {
        id: 'fx-ars-che.bm',
        type: 'BOOKMAKER',
        name: 'Bookmaker',
        runners: ['Arsenal', 'Chelsea'],
        housePriced: true,
      },
      {
        id: 'fx-ars-che.tm',
        type: 'TIED_MATCH',
        name: 'Tied Match',
        runners: ['Yes', 'No'],
        status: 'SETTLED',
      },
    ],
  },
  {
    id: 'fx-ascot',
    sport: 'horse-racing',
    competition: 'Ascot',
    name: '14:30 Ascot',
    startTime: inHours(2),
    markets: [
      { id: 'fx-ascot.win', type: 'MATCH_ODDS', name: 'Win', runners: ['Red Rum', 'Arkle', 'Kauto Star'] },
    ],
  },
  {
    id: 'fx-ind-aus',
    sport: 'cricket',
    competition: 'T20 World Cup',
    name: 'India v Australia',
    startTime: inHours(-1),
    markets: [
      {
        id: 'fx-ind-aus.mo',
        type: 'MATCH_ODDS',
        name: 'Match Odds',
        runners: ['India', 'Australia'],
        inPlay: true,
      },
      { id: 'fx-ind-aus.tm', type: 'TIED_MATCH', name: 'Tied Match', runners: ['Yes', 'No'], inPlay: true },
    ],
  },
];

/** Players, an operator's exchange market (runners r1 Home and r2 Away) and bets through the portal's API. */
export { tradingKit as tradingClient } from '../testing/trading-kit.ts';
