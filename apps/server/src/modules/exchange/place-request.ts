import type { PlaceBetBody } from '@backlay/contracts';
import { tickOfPriceHundredths } from '@backlay/exchange';
import { MAX_LEDGER_AMOUNT_MINOR, parseAmountMinor } from '@backlay/ledger';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { readPlayerBets } from './bets-read.ts';
import { asBetResult, betError } from './errors.ts';
import type { ExchangeService } from './exchange-service.ts';
import type { PlaceAnswer } from './place.ts';

/** Requests of one player with one clientRef in flight here: a concurrent repeat waits for the first. */
const inFlight = new Map<string, Promise<Result<PlaceAnswer>>>();

/**
 * `POST /api/bets` up to the market's unit: the body read exactly (stake in minor units, price on the
 * ladder), a clientRef already used answered from the database, the in-play bet delay waited out, then
 * one place command to the market's owner.
 */
export async function placeRequest(
  exchange: ExchangeService,
  playerId: string,
  body: PlaceBetBody,
): Promise<Result<PlaceAnswer>> {
  const key = `${playerId} ${body.clientRef}`;
  const earlier = inFlight.get(key);
  if (earlier) {
    await earlier;
    return placeOnce(exchange, playerId, body);
  }
  const running = placeOnce(exchange, playerId, body);
  inFlight.set(key, running);
  try {
    return await running;
  } finally {
    inFlight.delete(key);
  }
}

async function placeOnce(
  exchange: ExchangeService,
  playerId: string,
  body: PlaceBetBody,
): Promise<Result<PlaceAnswer>> {
  const priceTick = tickOf(body.price);
  if (priceTick === null) return betError('PRICE_NOT_ON_LADDER');
  const stake = parseAmountMinor(body.stake, { maxMinor: MAX_LEDGER_AMOUNT_MINOR });
  if (!stake.ok) {
    if (stake.code === 'NOT_POSITIVE') return betError('STAKE_TOO_SMALL');
    if (stake.code === 'ABOVE_LIMIT') return betError('STAKE_TOO_LARGE');
    return reject('invalid', 'INVALID_STAKE', 'The stake must be an amount with at most two decimals.');
  }
  const persistence = body.persistence ?? 'LAPSE';
  const fingerprint = JSON.stringify([
    body.marketId,
    body.runnerId,
    body.side,
    priceTick,
    stake.amountMinor.toString(),
    persistence,
  ]);
  const { known, market } = await readBeforePlacing(exchange, playerId, body);
  if (known) {
    if (known.fingerprint !== fingerprint) return betError('IDEMPOTENCY_CONFLICT');
    const [bet] = await readPlayerBets(exchange.deps.db, playerId, { betId: known.id });
    return ok({ bet: bet!, replayed: true, selfMatched: false });
  }
  if (!market) return betError('UNKNOWN_MARKET');
  // In play, a bet waits out the market's delay before it reaches the book (docs/decisions/0130).
  if (market.in_play && market.bet_delay_sec > 0) await sleep(market.bet_delay_sec * 1000);
  return asBetResult(
    await exchange.run<PlaceAnswer>(body.marketId, {
      type: 'place',
      betId: randomUUID(),
      playerId,
      runnerId: body.runnerId,
      side: body.side,
      priceTick,
      stakeMinor: stake.amountMinor.toString(),
      persistence,
      clientRef: body.clientRef,
      fingerprint,
    }),
  );
}

/** Decimal odds to a ladder tick; null when not exactly a ladder price (NaN, 2.03, 1.005…). */
export function tickOf(price: number): number | null {
  if (!Number.isFinite(price)) return null;
  const hundredths = Math.round(price * 100);
  if (Math.abs(price * 100 - hundredths) > 1e-6) return null;
  const tick = tickOfPriceHundredths(hundredths);
  return tick.ok ? tick.value : null;
}

type BeforePlacing = {
  known: { id: string; fingerprint: string } | null;
  market: { in_play: boolean; bet_delay_sec: number } | null;
};
type Lookup = {
  playerId: string;
  clientRef: string;
  marketId: string;
  resolve: (found: BeforePlacing) => void;
  reject: (error: unknown) => void;
};
type LookupRow = {
  n: string | number;
  bet_id: string | null;
  fingerprint: string | null;
  in_play: boolean | null;
  bet_delay_sec: number | null;
};

/**
 * The bet a clientRef already placed, if any, and the market's in-play delay, for every request that
 * arrives in the same turn of the event loop in one query: under load one statement answers dozens of
 * requests instead of one each (docs/decisions/0192).
 */
class PlacingLookups {
  #waiting: Lookup[] = [];

  constructor(private readonly db: Database) {}

  find(playerId: string, clientRef: string, marketId: string): Promise<BeforePlacing> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ playerId, clientRef, marketId, resolve, reject });
      if (this.#waiting.length === 1) setImmediate(() => void this.#flush());
    });
  }

  async #flush(): Promise<void> {
    const lookups = this.#waiting;
    this.#waiting = [];
    try {
      const rows = await this.db.query<LookupRow>(
        `SELECT q.n, b.id AS bet_id, b.fingerprint, m.in_play, m.bet_delay_sec
           FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS q(player_id, client_ref, market_id, n)
           LEFT JOIN bets b ON b.player_id = q.player_id AND b.client_ref = q.client_ref
           LEFT JOIN markets m ON m.id = q.market_id`,
        [
          lookups.map((lookup) => lookup.playerId),
          lookups.map((lookup) => lookup.clientRef),
          lookups.map((lookup) => lookup.marketId),
        ],
      );
      for (const row of rows) lookups[Number(row.n) - 1]!.resolve(beforePlacing(row));
    } catch (error) {
      // Every request of the batch hears the failure (the database is unwell).
      for (const lookup of lookups) lookup.reject(error);
    }
  }
}

function beforePlacing(row: LookupRow): BeforePlacing {
  return {
    known: row.bet_id === null ? null : { id: row.bet_id, fingerprint: row.fingerprint ?? '' },
    market: row.in_play === null ? null : { in_play: row.in_play, bet_delay_sec: row.bet_delay_sec ?? 0 },
  };
}

const lookupsByDb = new WeakMap<Database, PlacingLookups>();

function readBeforePlacing(exchange: ExchangeService, playerId: string, body: PlaceBetBody) {
  const { db } = exchange.deps;
  let lookups = lookupsByDb.get(db);
  if (!lookups) lookupsByDb.set(db, (lookups = new PlacingLookups(db)));
  return lookups.find(playerId, body.clientRef, body.marketId);
}
