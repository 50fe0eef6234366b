import { randomUUID } from 'node:crypto';
import { tickOfPriceHundredths } from '@backlay/exchange';
import { holdItemsJson } from '../../apps/server/src/modules/wallet/index.ts';
import type { Seeder } from './db-test-kit.ts';
import type { Sent } from './record.ts';

/**
 * The rows the chaos checkers read, written the way the app writes them: players with funded ledger
 * accounts, exchange batches through `exchange_write_batch` (bets, fills and holds in one statement, as
 * the group commit does), stakes through `ledger_transfer` under the keys their modules use.
 */

export const STAKE_MINOR = 1_000n;
const PRICE_TWO = (() => {
  const tick = tickOfPriceHundredths(200);
  if (!tick.ok) throw new Error('2.00 is on the ladder');
  return tick.value;
})();

/** A posted transfer, or the code the ledger refused it with. */
export async function transfer(
  db: Seeder,
  key: string,
  debit: string,
  credit: string,
  amountMinor: bigint,
  kind: string,
): Promise<void> {
  const [row] = await db.query<{ code: string | null }>(
    `SELECT code FROM ledger_transfer($1, 'seed', $2, $3, $4, $5, 'seed', 'seed')`,
    [key, debit, credit, amountMinor.toString(), kind],
  );
  if (row?.code) throw new Error(`the ledger refused ${key}: ${row.code}`);
}

/** A player with cash:/hold: accounts and 1,000.00 deposited. */
export async function addPlayer(db: Seeder): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO users (id, unique_code, email, name, role) VALUES ($1, $2, $3, 'Seeded', 'player')`,
    [id, `S${id.slice(0, 8)}`, `${id}@seed.local`],
  );
  await db.query(
    `INSERT INTO accounts (account_id, kind, player_id) VALUES ($1, 'PLAYER_CASH', $3), ($2, 'PLAYER_HOLD', $3)`,
    [`cash:${id}`, `hold:${id}`, id],
  );
  await transfer(db, `deposit:${id}`, 'operator-funding', `cash:${id}`, 100_000n, 'DEPOSIT');
  return id;
}

export type SeededMarket = { id: string; runnerIds: [string, string] };

/** An open match-odds market of two runners on a scheduled football event. */
export async function addMarket(db: Seeder): Promise<SeededMarket> {
  const id = `m-${randomUUID().slice(0, 8)}`;
  const [competition] = await db.query<{ id: string }>(
    `INSERT INTO competitions (sport_slug, name) VALUES ('football', $1) RETURNING id::text`,
    [`League ${id}`],
  );
  await db.query(
    `INSERT INTO events (id, sport_slug, competition_id, name, start_time)
     VALUES ($1, 'football', $2, 'Home v Away', now() + interval '1 day')`,
    [`e-${id}`, competition!.id],
  );
  await db.query(
    `INSERT INTO markets (id, event_id, type, name, sort_order, bet_delay_sec, min_stake_minor, max_stake_minor,
                          commission_percent, house_priced)
     VALUES ($1, $2, 'MATCH_ODDS', 'Match Odds', 1, 0, 100, 10000000, 2, false)`,
    [id, `e-${id}`],
  );
  const runnerIds: [string, string] = [`${id}-home`, `${id}-away`];
  for (const [index, runnerId] of runnerIds.entries()) {
    await db.query(`INSERT INTO runners (market_id, runner_id, name, sort_order) VALUES ($1, $2, $2, $3)`, [
      id,
      runnerId,
      index,
    ]);
  }
  return { id, runnerIds };
}

export type BetRow = ReturnType<typeof exchangeBet>;

/** An exchange bet at 2.00 on the market's first runner, unmatched unless told otherwise. */
export function exchangeBet(
  market: SeededMarket,
  playerId: string,
  side: 'BACK' | 'LAY',
  parts: { matchedMinor?: bigint; cancelledMinor?: bigint; status?: string } = {},
) {
  const matchedMinor = parts.matchedMinor ?? 0n;
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    seq: 0,
    player_id: playerId,
    market_id: market.id,
    runner_id: market.runnerIds[0],
    side,
    price_tick: PRICE_TWO,
    stake_minor: STAKE_MINOR.toString(),
    matched_minor: matchedMinor.toString(),
    matched_value: (matchedMinor * 200n).toString(),
    cancelled_minor: (parts.cancelledMinor ?? 0n).toString(),
    voided_minor: '0',
    status: parts.status ?? (matchedMinor === STAKE_MINOR ? 'MATCHED' : 'UNMATCHED'),
    persistence: 'LAPSE',
    client_ref: randomUUID(),
    fingerprint: 'seed',
    profit_minor: null,
    line: null,
    placed_at: now,
    updated_at: now,
  };
}

/** A fill of the whole stake between a bet just placed and one resting, at 2.00. */
export const fillBetween = (taker: BetRow, maker: BetRow) => ({
  marketId: taker.market_id,
  runnerIndex: 0,
  priceTick: PRICE_TWO,
  sizeMinor: Number(STAKE_MINOR),
  takerSide: taker.side,
  takerOrderId: taker.id,
  takerAccountId: taker.player_id,
  makerOrderId: maker.id,
  makerAccountId: maker.player_id,
});

/** The resting bet `maker` once `taker` matched the whole of it. */
export const matchedBy = (maker: BetRow, taker: BetRow): BetRow => ({
  ...maker,
  matched_minor: taker.matched_minor,
  matched_value: taker.matched_value,
  status: 'MATCHED',
});

export type HoldTarget = { marketId: string; playerId: string; amountMinor: bigint };

/**
 * One group commit: bets (inserted or updated), fills and each touched hold set to its new size, under
 * a batch key of its own (`xh:…`, as batch-write.ts); another `keyPrefix` posts a settlement's release.
 */
export async function writeBatch(
  db: Seeder,
  effects: { bets?: BetRow[]; fills?: ReturnType<typeof fillBetween>[]; holds?: HoldTarget[] },
  keyPrefix = 'xh',
): Promise<void> {
  const holds = holdItemsJson(
    (effects.holds ?? []).map((hold) => ({
      holdId: `xm:${hold.marketId}:${hold.playerId}`,
      playerId: hold.playerId,
      amountMinor: hold.amountMinor,
      remark: 'Exchange exposure',
      reference: `market:${hold.marketId}`,
    })),
  );
  const payload = {
    key: `${keyPrefix}:${randomUUID()}`,
    bets: effects.bets ?? [],
    fills: effects.fills ?? [],
    holds,
    books: [],
    statuses: [],
    settlements: [],
  };
  await db.query('SELECT exchange_write_batch($1::jsonb)', [JSON.stringify(payload)]);
}

/** A round of `tableId` (crash: `crash`) in `status`. */
export async function addRound(db: Seeder, tableId: string, status: string): Promise<number> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO table_rounds (table_id, status, server_seed, server_seed_hash, client_seed, nonce, opened_at,
                               closes_at, phase_ends_at)
     VALUES ($1, $2, 's', 'h', 'c', 0, now(), now(), now()) RETURNING id::text`,
    [tableId, status],
  );
  return Number(row!.id);
}

/** A crash bet of the round; its stake moved under `crash-bet:<id>` unless `staked` is false. */
export async function crashBet(
  db: Seeder,
  roundId: number,
  playerId: string,
  bet: { clientRef?: string; staked?: boolean; status?: string; payoutMinor?: bigint } = {},
): Promise<{ id: string; clientRef: string }> {
  const id = randomUUID();
  const clientRef = bet.clientRef ?? randomUUID();
  await db.query(
    `INSERT INTO crash_bets (id, round_id, player_id, stake_minor, status, payout_minor, client_ref, fingerprint, placed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'seed', now())`,
    [
      id,
      roundId,
      playerId,
      STAKE_MINOR.toString(),
      bet.status ?? 'OPEN',
      bet.payoutMinor?.toString() ?? null,
      clientRef,
    ],
  );
  if (bet.staked !== false)
    await transfer(db, `crash-bet:${id}`, `cash:${playerId}`, 'house', STAKE_MINOR, 'CASINO_BET');
  return { id, clientRef };
}

/** A dragon-tiger bet of the round; its stake moved under `table-bet:<id>` unless `staked` is false. */
export async function tableBet(
  db: Seeder,
  roundId: number,
  playerId: string,
  staked = true,
): Promise<{ id: string; clientRef: string }> {
  const id = randomUUID();
  const clientRef = randomUUID();
  await db.query(
    `INSERT INTO table_bets (id, round_id, table_id, player_id, market_id, odds_hundredths, stake_minor, client_ref,
                             fingerprint, placed_at)
     VALUES ($1, $2, 'dragon-tiger', $3, 'dragon', 200, $4, $5, 'seed', now())`,
    [id, roundId, playerId, STAKE_MINOR.toString(), clientRef],
  );
  if (staked) await transfer(db, `table-bet:${id}`, `cash:${playerId}`, 'house', STAKE_MINOR, 'CASINO_BET');
  return { id, clientRef };
}

/**
 * A casino callback of `amountMinor`: a bet, or a win for the bet `winFor`; its money moved under
 * `casino-wallet:<id>` when there is any and `moved` is not false.
 */
export async function casinoCallback(
  db: Seeder,
  playerId: string,
  amountMinor: bigint,
  options: { winFor?: string; moved?: boolean } = {},
): Promise<string> {
  const id = `tx-${randomUUID()}`;
  const win = options.winFor !== undefined;
  await db.query(
    `INSERT INTO casino_transactions (transaction_id, kind, player_id, game_id, round_id, amount_minor, fingerprint,
                                      answer, reference_transaction_id, bet_status)
     VALUES ($1, $2, $3, '22001', coalesce($4, $1), $5, 'seed', '{"status": "RS_OK"}', $4, $6)`,
    [id, win ? 'WIN' : 'BET', playerId, options.winFor ?? null, amountMinor.toString(), win ? null : 'OPEN'],
  );
  if (options.moved === false || amountMinor === 0n) return id;
  const [from, to] = win ? ['casino-clearing', `cash:${playerId}`] : [`cash:${playerId}`, 'casino-clearing'];
  await transfer(db, `casino-wallet:${id}`, from, to, amountMinor, win ? 'CASINO_WIN' : 'CASINO_BET');
  return id;
}

/** A request as the load recorded it. */
export function sent(fields: Pick<Sent, 'product' | 'key' | 'playerId' | 'outcome'> & Partial<Sent>): Sent {
  return { busiest: false, sentAtMs: 0, answeredAtMs: 1, ...fields };
}
