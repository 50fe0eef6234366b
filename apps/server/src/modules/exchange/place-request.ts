import type { PlaceBetBody } from '@backlay/contracts';
import { tickOfPriceHundredths } from '@backlay/exchange';
import { MAX_LEDGER_AMOUNT_MINOR, parseAmountMinor } from '@backlay/ledger';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
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

/** In one round trip: the bet this clientRef already placed, if any, and the market's in-play delay. */
async function readBeforePlacing(exchange: ExchangeService, playerId: string, body: PlaceBetBody) {
  const [row] = await exchange.deps.db.query<{
    known: { id: string; fingerprint: string } | null;
    in_play: boolean | null;
    bet_delay_sec: number | null;
  }>(
    `SELECT (SELECT json_build_object('id', b.id, 'fingerprint', b.fingerprint) FROM bets b
              WHERE b.player_id = $1 AND b.client_ref = $2) AS known, m.in_play, m.bet_delay_sec
       FROM (SELECT 1) one LEFT JOIN markets m ON m.id = $3`,
    [playerId, body.clientRef, body.marketId],
  );
  const market =
    row?.in_play === null || row?.in_play === undefined
      ? null
      : { in_play: row.in_play, bet_delay_sec: row.bet_delay_sec ?? 0 };
  return { known: row?.known ?? null, market };
}
