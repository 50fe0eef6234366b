import { randomUUID } from 'node:crypto';
import { tickOfDecimalOdds } from '@backlay/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient, type CashDeskClient } from '../../test/cash-desk-client.ts';
import { addHouseMarket } from '../../test/house-market.ts';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import {
  tradingApiClient,
  type TradingApiClient,
  type TradingApiHeaders,
} from '../../test/trading-api-client.ts';
import { openCasinoSession, signBody } from '../casino/index.ts';
import { CRASH_UNIT_ID, tableUnitId } from '../tables/index.ts';
import { CASINO_STATUS_OF, type AdmissionCode } from './index.ts';

/**
 * Every way a player stakes money meets the one admission gate: the same case is refused with the
 * same code by each product (the casino and the trading API in their own protocols' codes for it).
 */

type Headers = Record<string, string>;
type Answer = { ok: true } | { ok: false; code: string };

const clock = { nowMs: Date.now() };
let ctx: TestContext;
let admin: Headers;
let desk: CashDeskClient;
let runnerMarket: { id: string; runners: { id: string }[] };
let houseMarket: string;
let tableRound: number;
let crashRound: number;
let api: TradingApiClient;
/** The runner market as the trading API names it, and each enrolled player's app key and session. */
let apiMarket: { marketId: string; selectionId: number };
const apiCallers = new Map<string, TradingApiHeaders>();

beforeAll(async () => {
  ctx = await startTestApp({}, { tables: { timers: false, nowMs: () => clock.nowMs } });
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  desk = cashDeskClient(ctx, admin);
  runnerMarket = await operatorMarket();
  houseMarket = await addHouseMarket(
    ctx,
    runnerMarket,
    'BOOKMAKER',
    [
      ['home', 600_000],
      ['away', 400_000],
    ],
    null,
  );
  tableRound = await openRound(tableUnitId('dragon-tiger'), '/api/tables/dragon-tiger');
  crashRound = await openRound(CRASH_UNIT_ID, '/api/crash');
  api = tradingApiClient(ctx);
  const scout = `scout-${randomUUID().slice(0, 8)}@test.local`;
  await desk.createPlayer(scout);
  apiMarket = await api.marketOf(admin, runnerMarket.id, await api.signIn(scout));
});
afterAll(() => ctx.close());

const operatorMarket = () => createOperatorMarket(ctx, admin);

async function openRound(unitId: string, url: string): Promise<number> {
  const advanced = await ctx.deps.units.send(unitId, { type: 'advance' });
  expect(advanced.ok).toBe(true);
  const state = await ctx.app.inject({ method: 'GET', url, headers: admin });
  return state.json<{ round: { id: number } }>().round.id;
}

/** What a product does with a new player before the case is made theirs: the trading API signs them in. */
type Enrol = (playerId: string, email: string) => Promise<void>;
const noEnrolment: Enrol = async () => {};

async function player(
  deposit: string,
  enrol = noEnrolment,
  email = `admission-${randomUUID().slice(0, 8)}@test.local`,
) {
  const id = await desk.createPlayer(email);
  expect((await desk.deposit(id, { amount: deposit, remark: 'test' })).statusCode).toBe(200);
  await enrol(id, email);
  return id;
}

/** A funded player who has just taken a break from play through the API (docs/decisions/0232). */
async function onBreak(url: string, payload: object, enrol: Enrol): Promise<string> {
  const email = `break-${randomUUID().slice(0, 8)}@test.local`;
  const id = await player('1000.00', enrol, email);
  const headers = bearer(await loginAs(ctx.app, email, 'secret1'));
  expect((await ctx.app.inject({ method: 'POST', url, headers, payload })).statusCode).toBe(200);
  return id;
}

async function suspended(enrol: Enrol): Promise<string> {
  const id = await player('1000.00', enrol);
  const changed = await desk.post(`/api/admin/players/${id}/status`, { status: 'suspended' });
  expect(changed.statusCode).toBe(200);
  return id;
}

const STAKE_MINOR = '20000';

const exchangeBet = (marketId: string, runnerId: string, priceTick: number) => (playerId: string) =>
  ctx.deps.exchange.run(marketId, {
    type: 'place',
    betId: randomUUID(),
    playerId,
    runnerId,
    side: 'BACK',
    priceTick,
    stakeMinor: STAKE_MINOR,
    persistence: 'LAPSE',
    clientRef: randomUUID(),
    fingerprint: randomUUID(),
  }) as Promise<Answer>;

async function houseBackTick(): Promise<number> {
  const view = await ctx.app.inject({ method: 'GET', url: `/api/markets/${houseMarket}`, headers: admin });
  const price = view.json<{ runners: { back: { price: number }[] }[] }>().runners[0]!.back[0]!.price;
  const tick = tickOfDecimalOdds(price.toFixed(2));
  if (!tick.ok) throw new Error(`no tick for ${price}`);
  return tick.value;
}

/** A launch token names a player who exists, so an unknown player's token is one nobody holds. */
async function casinoBet(playerId: string): Promise<string> {
  const [known] = await ctx.deps.db.query('SELECT 1 FROM users WHERE id = $1', [playerId]);
  const token = known
    ? await openCasinoSession(ctx.deps.db, { playerId, gameId: 22001, nowMs: Date.now() })
    : randomUUID();
  const raw = JSON.stringify({
    timestamp: Date.now(),
    token,
    transactionId: randomUUID(),
    roundId: randomUUID(),
    gameId: 22001,
    amount: '200.00',
  });
  const signature = signBody(ctx.deps.env.CASINO_WALLET_SECRET, raw);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/wallet/bet',
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-signature': signature },
  });
  return response.json<{ status: string }>().status;
}

const codeOf = (answer: Answer) => (answer.ok ? 'ADMITTED' : answer.code);

/** A 200.00 back as a program places it; a caller with no account has no key of its own. */
const tradingApiBet = (playerId: string) =>
  api.placeBack(
    apiCallers.get(playerId) ?? { 'x-application': '-', 'x-authentication': '-' },
    apiMarket,
    200,
  );

/**
 * The trading API's answers: the gate's refusals in Betfair's codes. A suspended or self-excluded
 * player is refused at the API's door instead, as their sessions end with the suspension or the
 * exclusion; a caller with no account has no app key.
 */
const TRADING_API_ANSWERS: Readonly<Record<AdmissionCode, string>> = {
  UNKNOWN_PLAYER: 'INVALID_APP_KEY',
  PLAYER_SUSPENDED: 'INVALID_SESSION_INFORMATION',
  SELF_EXCLUDED: 'INVALID_SESSION_INFORMATION',
  ACCOUNT_TIMED_OUT: 'INVALID_ACCOUNT_STATE',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  LOSS_LIMIT_REACHED: 'LOSS_LIMIT_EXCEEDED',
  BET_LOCKED: 'PERMISSION_DENIED',
  MARKET_LOCKED_BY_AGENT: 'PERMISSION_DENIED',
  STAKE_ABOVE_PLAYER_LIMIT: 'INVALID_BET_SIZE',
  EXPOSURE_LIMIT_REACHED: 'LOSS_LIMIT_EXCEEDED',
};

/** Each product: how it stakes 200.00 for a player, and the answer it should give for a code. */
const PRODUCTS: {
  name: string;
  enrol?: Enrol;
  stake(playerId: string): Promise<string>;
  answers(code: AdmissionCode): string;
}[] = [
  {
    name: 'an exchange runner market',
    stake: async (playerId) =>
      codeOf(await exchangeBet(runnerMarket.id, runnerMarket.runners[0]!.id, tick('2.00'))(playerId)),
    answers: (code) => code,
  },
  {
    name: 'a house-priced market',
    stake: async (playerId) =>
      codeOf(await exchangeBet(houseMarket, 'home', await houseBackTick())(playerId)),
    answers: (code) => code,
  },
  {
    name: 'a live table',
    stake: async (playerId) =>
      codeOf(
        (await ctx.deps.units.send(tableUnitId('dragon-tiger'), {
          type: 'bet',
          playerId,
          roundId: tableRound,
          marketId: 'dragon',
          stakeMinor: STAKE_MINOR,
          clientRef: randomUUID(),
        })) as Answer,
      ),
    answers: (code) => code,
  },
  {
    name: 'the crash game',
    stake: async (playerId) =>
      codeOf(
        (await ctx.deps.units.send(CRASH_UNIT_ID, {
          type: 'bet',
          playerId,
          roundId: crashRound,
          stakeMinor: STAKE_MINOR,
          autoHundredths: null,
          clientRef: randomUUID(),
        })) as Answer,
      ),
    answers: (code) => code,
  },
  { name: 'a casino wallet bet', stake: casinoBet, answers: (code) => CASINO_STATUS_OF[code] },
  {
    name: 'the trading API',
    enrol: async (playerId, email) => void apiCallers.set(playerId, await api.signIn(email)),
    stake: tradingApiBet,
    answers: (code) => TRADING_API_ANSWERS[code],
  },
];

function tick(odds: string): number {
  const found = tickOfDecimalOdds(odds);
  if (!found.ok) throw new Error(`no tick for ${odds}`);
  return found.value;
}

const CASES: { name: string; code: AdmissionCode; player(enrol: Enrol): Promise<string> }[] = [
  { name: 'a suspended player', code: 'PLAYER_SUSPENDED', player: suspended },
  { name: 'an unknown player', code: 'UNKNOWN_PLAYER', player: async () => randomUUID() },
  {
    name: 'a player taking a break',
    code: 'ACCOUNT_TIMED_OUT',
    player: (enrol) => onBreak('/api/me/time-out', { days: 1 }, enrol),
  },
  {
    name: 'a self-excluded player',
    code: 'SELF_EXCLUDED',
    player: (enrol) => onBreak('/api/me/self-exclusion', { period: '6m', password: 'secret1' }, enrol),
  },
  {
    name: 'a stake beyond the balance',
    code: 'INSUFFICIENT_FUNDS',
    player: (enrol) => player('150.00', enrol),
  },
  {
    name: 'a stake past the loss limit',
    code: 'LOSS_LIMIT_REACHED',
    player: (enrol) => withLossLimit('150', enrol),
  },
  { name: 'a bet-locked player', code: 'BET_LOCKED', player: betLocked },
  { name: "a stake above the player's maximum", code: 'STAKE_ABOVE_PLAYER_LIMIT', player: capped },
];

/** A funded player whose stakes support has capped at 150.00, below every product's 200.00 here (0241). */
async function capped(enrol: Enrol): Promise<string> {
  const id = await player('1000.00', enrol);
  expect((await desk.post(`/api/admin/players/${id}/max-stake`, { maxStake: '150' })).statusCode).toBe(200);
  return id;
}

/** A funded player whose staking support has locked (docs/decisions/0240). */
async function betLocked(enrol: Enrol): Promise<string> {
  const id = await player('1000.00', enrol);
  expect((await desk.post(`/api/admin/players/${id}/bet-lock`, { locked: true })).statusCode).toBe(200);
  return id;
}

/** A funded player who has just set a daily loss limit through the API (docs/decisions/0235). */
async function withLossLimit(amount: string, enrol: Enrol): Promise<string> {
  const email = `limit-${randomUUID().slice(0, 8)}@test.local`;
  const id = await player('1000.00', enrol, email);
  const headers = bearer(await loginAs(ctx.app, email, 'secret1'));
  const payload = { amount };
  const set = await ctx.app.inject({ method: 'PUT', url: '/api/me/limits/loss/day', headers, payload });
  expect(set.statusCode).toBe(200);
  return id;
}

describe('the admission gate in every product', () => {
  for (const product of PRODUCTS) {
    for (const refusal of CASES) {
      it(`${product.name} refuses ${refusal.name} with ${product.answers(refusal.code)}`, async () => {
        const playerId = await refusal.player(product.enrol ?? noEnrolment);
        expect(await product.stake(playerId)).toBe(product.answers(refusal.code));
      });
    }
    it(`${product.name} admits a funded active player`, async () => {
      expect(await product.stake(await player('1000.00', product.enrol))).toMatch(/^(ADMITTED|RS_OK)$/);
    });
  }

  it('refuses the cash-out hedge of a player suspended with a matched position', async () => {
    const market = await operatorMarket();
    const runnerId = market.runners[0]!.id;
    const order = (playerId: string, side: 'BACK' | 'LAY', odds: string) =>
      ctx.deps.exchange.run(market.id, {
        type: 'place',
        betId: randomUUID(),
        playerId,
        runnerId,
        side,
        priceTick: tick(odds),
        stakeMinor: STAKE_MINOR,
        persistence: 'LAPSE',
        clientRef: randomUUID(),
        fingerprint: randomUUID(),
      });
    const [alice, bob, carol] = [await player('1000.00'), await player('1000.00'), await player('1000.00')];
    expect((await order(alice, 'BACK', '3.00')).ok).toBe(true);
    expect((await order(bob, 'LAY', '3.00')).ok).toBe(true);
    // Carol's back is what Alice's hedge would lay against.
    expect((await order(carol, 'BACK', '2.50')).ok).toBe(true);
    const quote = await ctx.deps.exchange.run(market.id, {
      type: 'cashOut',
      playerId: alice,
      betIds: [],
      quoteOnly: true,
    });
    expect(quote.ok).toBe(true);
    await desk.post(`/api/admin/players/${alice}/status`, { status: 'suspended' });
    const hedge = await ctx.deps.exchange.run(market.id, {
      type: 'cashOut',
      playerId: alice,
      betIds: [randomUUID(), randomUUID()],
    });
    expect(codeOf(hedge as Answer)).toBe('PLAYER_SUSPENDED');
  });
});
