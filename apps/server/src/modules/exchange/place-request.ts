import type { PlaceBetBody } from '@backlay/contracts';
import { tickOfPriceHundredths } from '@backlay/exchange';
import { MAX_LEDGER_AMOUNT_MINOR, parseAmountMinor } from '@backlay/ledger';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { readPlayerBets } from './bets-read.ts';
import { asBetResult, betError } from './errors.ts';
import { marketUnitId, type ExchangeService } from './exchange-service.ts';
import { admitAtHome, settleAtHome } from './home-admission.ts';
import type { PlaceAnswer, PlaceCommand } from './place-command.ts';
import { readBeforePlacing, type MarketLookup } from './place-lookup.ts';

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
  return sendPlace(exchange, market, {
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
  });
}

/**
 * Sends the order to its market's owner, judged first here when it is owned elsewhere, and answers
 * what the owner did (without what it told this home of the player's money).
 */
async function sendPlace(
  exchange: ExchangeService,
  market: MarketLookup,
  command: PlaceCommand,
): Promise<Result<PlaceAnswer>> {
  const { playerId } = command;
  const gate = exchange.ctx.admission;
  const order = { side: command.side, priceTick: command.priceTick, stakeMinor: BigInt(command.stakeMinor) };
  const home = atHome(exchange, market) ? await admitAtHome(gate, playerId, market, order) : null;
  if (home && !('admittedMinor' in home)) return home;
  const sent = home
    ? { ...command, admittedMinor: home.admittedMinor.toString(), endHomeReservation: home.end }
    : command;
  let result: Result<PlaceAnswer> | null = null;
  try {
    result = asBetResult(await exchange.run<PlaceAnswer>(market.id, sent));
  } finally {
    if (home) settleAtHome(gate, playerId, home, result);
  }
  if (!result.ok || !result.value.moneyAfter) return result;
  const { bet, replayed, selfMatched } = result.value;
  return ok({ bet, replayed, selfMatched });
}

/**
 * An exchange order for a market this instance does not own is judged here, where the player lives,
 * so the owner needs no read of the player (docs/decisions/0315); bookmaker and line markets hold by
 * their own rules, so their owner judges them.
 */
function atHome(exchange: ExchangeService, market: MarketLookup): boolean {
  return market.exchangeTraded && !exchange.deps.units.owns(marketUnitId(market.id));
}

/** Decimal odds to a ladder tick; null when not exactly a ladder price (NaN, 2.03, 1.005…). */
export function tickOf(price: number): number | null {
  if (!Number.isFinite(price)) return null;
  const hundredths = Math.round(price * 100);
  if (Math.abs(price * 100 - hundredths) > 1e-6) return null;
  const tick = tickOfPriceHundredths(hundredths);
  return tick.ok ? tick.value : null;
}
