import type { PlaceBetBody } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import { GroupCommit } from '../../platform/group-commit.ts';
import { sportsTables } from '../sports/index.ts';
import type { ExchangeService } from './exchange-service.ts';

/** The market as a bet needs it before it is sent: its delay in play, and what the home judges by. */
export type MarketLookup = {
  id: string;
  in_play: boolean;
  bet_delay_sec: number;
  eventId: string;
  sport: string;
  /** Matched on the exchange's book: neither a bookmaker market nor a line. */
  exchangeTraded: boolean;
};

type BeforePlacing = { known: { id: string; fingerprint: string } | null; market: MarketLookup | null };
type Lookup = { playerId: string; clientRef: string; marketId: string };
/** A lookup's answer, or the error of its batch's query (the database is unwell). */
type Found = { ok: true; value: BeforePlacing } | { ok: false; error: unknown };
type LookupRow = {
  n: string | number;
  bet_id: string | null;
  fingerprint: string | null;
  market_id: string | null;
  in_play: boolean | null;
  bet_delay_sec: number | null;
  event_id: string | null;
  sport: string | null;
  exchange_traded: boolean | null;
};

/**
 * The bet a clientRef already placed, if any, and the market's in-play delay, for every request that
 * arrives together in one query, batched by the platform's GroupCommit: under load one statement
 * answers dozens of requests instead of one each (docs/decisions/0192).
 */
async function readLookups(db: Database, lookups: Lookup[]): Promise<Found[]> {
  const rows = await db.query<LookupRow>(
    `SELECT q.n, b.id AS bet_id, b.fingerprint, m.id AS market_id, m.in_play, m.bet_delay_sec, m.event_id,
            e.sport_slug AS sport, NOT m.house_priced AND m.line IS NULL AS exchange_traded
       FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS q(player_id, client_ref, market_id, n)
       LEFT JOIN bets b ON b.player_id = q.player_id AND b.client_ref = q.client_ref
       LEFT JOIN ${sportsTables.markets} m ON m.id = q.market_id
       LEFT JOIN ${sportsTables.events} e ON e.id = m.event_id`,
    [
      lookups.map((lookup) => lookup.playerId),
      lookups.map((lookup) => lookup.clientRef),
      lookups.map((lookup) => lookup.marketId),
    ],
  );
  const found: Found[] = new Array(lookups.length);
  for (const row of rows) found[Number(row.n) - 1] = { ok: true, value: beforePlacing(row) };
  return found;
}

function beforePlacing(row: LookupRow): BeforePlacing {
  return {
    known: row.bet_id === null ? null : { id: row.bet_id, fingerprint: row.fingerprint ?? '' },
    market:
      row.market_id === null
        ? null
        : {
            id: row.market_id,
            in_play: row.in_play === true,
            bet_delay_sec: row.bet_delay_sec ?? 0,
            eventId: row.event_id ?? '',
            sport: row.sport ?? '',
            exchangeTraded: row.exchange_traded === true,
          },
  };
}

// Read-only batches may overlap, so a few run at once.
const LOOKUP_BATCH = 256;
const LOOKUP_LANES = 4;
const lookupsByDb = new WeakMap<Database, GroupCommit<Lookup, Found>>();

/**
 * The clientRef's earlier bet and the market, read with every other request of the moment in one
 * query.
 */
export async function readBeforePlacing(exchange: ExchangeService, playerId: string, body: PlaceBetBody) {
  const { db } = exchange.deps;
  let lookups = lookupsByDb.get(db);
  if (!lookups) {
    lookups = new GroupCommit<Lookup, Found>(
      (items) => readLookups(db, items),
      (_item, error) => ({ ok: false, error }),
      LOOKUP_BATCH,
      LOOKUP_LANES,
    );
    lookupsByDb.set(db, lookups);
  }
  const found = await lookups.submit({ playerId, clientRef: body.clientRef, marketId: body.marketId });
  if (!found.ok) throw found.error;
  return found.value;
}
