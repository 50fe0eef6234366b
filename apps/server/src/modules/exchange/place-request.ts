import type { PlaceBetBody } from '@backlay/contracts';
import { tickOfPriceHundredths, type Persistence } from '@backlay/exchange';
import { MAX_LEDGER_AMOUNT_MINOR, parseAmountMinor } from '@backlay/ledger';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { readPlayerBets } from './bets-read.ts';
import { asBetResult, betError, exchangeUnavailable } from './errors.ts';
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
 * ladder), then one place command to the market's owner, which answers a clientRef already used there
 * and has the bet wait out the in-play delay (docs/decisions/0326).
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

/** A bet found to have reused a clientRef of another market: its player's next bets read theirs first. */
const suspects = new Map<string, number>();
const SUSPECT_MS = 10 * 60_000;
/** Sends of one bet: its batch may roll back on another's clientRef, or the delay may grow meanwhile. */
const MOST_SENDS = 3;

/** Marks the player for SUSPECT_MS, and forgets those whose time ran out, so the map stays small. */
function suspect(playerId: string): void {
  const now = Date.now();
  for (const [id, until] of suspects) if (until <= now) suspects.delete(id);
  suspects.set(playerId, now + SUSPECT_MS);
}

type Order = { priceTick: number; stakeMinor: bigint; persistence: Persistence; fingerprint: string };

async function placeOnce(
  exchange: ExchangeService,
  playerId: string,
  body: PlaceBetBody,
  options: PlaceOptions,
): Promise<Result<PlaceAnswer>> {
  const order = readOrder(body, options);
  if (!order.ok) return order;
  for (let attempt = 1; ; attempt += 1) {
    const checkClientRef = attempt > 1 || (suspects.get(playerId) ?? 0) > Date.now();
    const result = await lookUpAndSend(exchange, playerId, body, order.value, options, checkClientRef);
    if (result.ok || result.code !== 'CLIENT_REF_RECHECK') return result;
    if (attempt >= MOST_SENDS) return exchangeUnavailable();
    // Two bets of one clientRef that met in one batch: apart in time, one of them goes first.
    await sleep(Math.random() * 50);
  }
}

/** The body read exactly: stake in minor units, price on the ladder, and what makes a repeat the same. */
function readOrder(body: PlaceBetBody, options: PlaceOptions): Result<Order> {
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
  return ok({ priceTick, stakeMinor: stake.amountMinor, persistence, fingerprint });
}

async function lookUpAndSend(
  exchange: ExchangeService,
  playerId: string,
  body: PlaceBetBody,
  order: Order,
  options: PlaceOptions,
  checkClientRef: boolean,
): Promise<Result<PlaceAnswer>> {
  const { known, market } = await readBeforePlacing(exchange, playerId, body, checkClientRef);
  if (known) {
    if (known.fingerprint !== order.fingerprint) {
      suspect(playerId);
      return betError('IDEMPOTENCY_CONFLICT');
    }
    const [bet] = await readPlayerBets(exchange.deps.db, playerId, { betId: known.id });
    return ok({ bet: bet!, replayed: true, selfMatched: false });
  }
  if (!market) return betError('UNKNOWN_MARKET');
  return sendAfterDelay(exchange, market, {
    type: 'place',
    betId: randomUUID(),
    playerId,
    runnerId: body.runnerId,
    side: body.side,
    priceTick: order.priceTick,
    stakeMinor: order.stakeMinor.toString(),
    persistence: order.persistence,
    clientRef: body.clientRef,
    fingerprint: order.fingerprint,
    waitedMs: 0,
    ...(options.fillOrKill && {
      fillOrKill: { minFillMinor: options.fillOrKill.minFillMinor.toString() },
    }),
    ...(options.lapse && { lapse: true }),
  });
}

/**
 * In play, a bet waits out the market's delay before it reaches the book (docs/decisions/0130): its
 * owner, which knows the delay now, tells how long, and the bet comes back when it has waited (0326).
 */
async function sendAfterDelay(
  exchange: ExchangeService,
  market: MarketLookup,
  command: PlaceCommand,
): Promise<Result<PlaceAnswer>> {
  for (let send = 1; ; send += 1) {
    const result = await sendPlace(exchange, market, command);
    if (result.ok || result.code !== 'IN_PLAY_DELAY') return result;
    if (send >= MOST_SENDS) return exchangeUnavailable();
    const waitMs = (result.retryAfterSeconds ?? 1) * 1000;
    await sleep(waitMs);
    command = { ...command, waitedMs: (command.waitedMs ?? 0) + waitMs };
  }
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
