import type { PlaceBetBody } from '@backlay/contracts';
import { tickOfPriceHundredths } from '@backlay/exchange';
import { MAX_LEDGER_AMOUNT_MINOR, parseAmountMinor } from '@backlay/ledger';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { GroupCommit } from '../../platform/group-commit.ts';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { sportsTables } from '../sports/index.ts';
import { readPlayerBets } from './bets-read.ts';
import { asBetResult, betError } from './errors.ts';
import type { ExchangeService } from './exchange-service.ts';
import type { PlaceAnswer } from './place-command.ts';

/** How the order meets the book: fill or kill (trading API) matches at least `minFillMinor` or nothing. */
export type PlaceOptions = { fillOrKill?: { minFillMinor: bigint }; lapse?: boolean };

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
  options: PlaceOptions = {},
): Promise<Result<PlaceAnswer>> {
  const key = `${playerId} ${body.clientRef}`;
  const earlier = inFlight.get(key);
  if (earlier) {
    await earlier;
    return placeOnce(exchange, playerId, body, options);
  }
  const running = placeOnce(exchange, playerId, body, options);
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
  options: PlaceOptions,
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
    ...(options.fillOrKill ? [`FOK ${options.fillOrKill.minFillMinor}`] : []),
    ...(options.lapse ? ['LAPSE NOW'] : []),
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
      ...(options.fillOrKill && {
        fillOrKill: { minFillMinor: options.fillOrKill.minFillMinor.toString() },
      }),
      ...(options.lapse && { lapse: true }),
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
type Lookup = { playerId: string; clientRef: string; marketId: string };
/** A lookup's answer, or the error of its batch's query (the database is unwell). */
type Found = { ok: true; value: BeforePlacing } | { ok: false; error: unknown };
type LookupRow = {
  n: string | number;
  bet_id: string | null;
  fingerprint: string | null;
  in_play: boolean | null;
  bet_delay_sec: number | null;
};

/**
 * The bet a clientRef already placed, if any, and the market's in-play delay, for every request that
 * arrives together in one query, batched by the platform's GroupCommit: under load one statement
 * answers dozens of requests instead of one each (docs/decisions/0192).
 */
async function readLookups(db: Database, lookups: Lookup[]): Promise<Found[]> {
  const rows = await db.query<LookupRow>(
    `SELECT q.n, b.id AS bet_id, b.fingerprint, m.in_play, m.bet_delay_sec
       FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS q(player_id, client_ref, market_id, n)
       LEFT JOIN bets b ON b.player_id = q.player_id AND b.client_ref = q.client_ref
       LEFT JOIN ${sportsTables.markets} m ON m.id = q.market_id`,
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
    market: row.in_play === null ? null : { in_play: row.in_play, bet_delay_sec: row.bet_delay_sec ?? 0 },
  };
}

// Read-only batches may overlap, so a few run at once.
const LOOKUP_BATCH = 256;
const LOOKUP_LANES = 4;
const lookupsByDb = new WeakMap<Database, GroupCommit<Lookup, Found>>();

async function readBeforePlacing(exchange: ExchangeService, playerId: string, body: PlaceBetBody) {
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
