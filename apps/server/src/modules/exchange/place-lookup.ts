import type { PlaceBetBody } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import { GroupCommit } from '../../platform/group-commit.ts';
import { sportsTables } from '../sports/index.ts';
import type { ExchangeService } from './exchange-service.ts';

/**
 * The market as a bet needs it before it is sent: what the home judges by. None of it changes once the
 * market exists, so each instance keeps it (docs/decisions/0326); the in-play delay, which does change,
 * is the owner's to apply.
 */
export type MarketLookup = {
  id: string;
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
  event_id: string | null;
  sport: string | null;
  exchange_traded: boolean | null;
};

/**
 * The bet a clientRef already placed, if any, and the market's facts, for every request that
 * arrives together in one query, batched by the platform's GroupCommit: under load one statement
 * answers dozens of requests instead of one each (docs/decisions/0192).
 */
async function readLookups(db: Database, lookups: Lookup[]): Promise<Found[]> {
  const rows = await db.query<LookupRow>(
    `SELECT q.n, b.id AS bet_id, b.fingerprint, m.id AS market_id, m.event_id,
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

/** Markets' facts as read here, by market id; a bound keeps a long-lived instance's memory flat. */
const factsByDb = new WeakMap<Database, Map<string, MarketLookup>>();
const FACTS_KEPT = 100_000;

/**
 * The market's facts and, when `checkClientRef` or the market is new here, the clientRef's earlier bet,
 * read with every other request of the moment in one query. Otherwise nothing is read: a repeat on the
 * same market is answered by its owner, and one on another market by the batch that writes it
 * (docs/decisions/0326).
 */
export async function readBeforePlacing(
  exchange: ExchangeService,
  playerId: string,
  body: PlaceBetBody,
  checkClientRef: boolean,
): Promise<BeforePlacing> {
  const { db } = exchange.deps;
  let facts = factsByDb.get(db);
  if (!facts) factsByDb.set(db, (facts = new Map()));
  const kept = checkClientRef ? undefined : facts.get(body.marketId);
  if (kept) return { known: null, market: kept };
  const found = await lookupsOf(db).submit({ playerId, clientRef: body.clientRef, marketId: body.marketId });
  if (!found.ok) throw found.error;
  const { market } = found.value;
  if (market) {
    if (facts.size >= FACTS_KEPT) facts.clear();
    facts.set(market.id, market);
  }
  return found.value;
}

function lookupsOf(db: Database): GroupCommit<Lookup, Found> {
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
  return lookups;
}
