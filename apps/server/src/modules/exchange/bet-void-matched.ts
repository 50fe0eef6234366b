import type { VoidedBet } from '@backlay/contracts';
import { priceHundredthsOfTick } from '@backlay/exchange';
import { formatMinor, playerCashAccountId } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { ok, reject, transactionResult, type Rejection, type Result } from '../../platform/rejections.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { lockPlayersCash } from '../wallet/index.ts';
import { writeBatch } from './batch-write.ts';
import { Effects } from './effects.ts';
import { engineRejection } from './errors.ts';
import { loadMarketUnit } from './market-load.ts';
import { liveStatus, remainingMinor, type MarketUnit } from './market-unit.ts';
import { publishEffects, type CorrectingExchange } from './publish.ts';
import type { BetState } from './types.ts';

type Command = { betId: string; actor: AuditActor; reason: string };

/** A standing fill of the voided bet, with the other side of it. */
type Fill = {
  id: string;
  priceTick: number;
  /** The price it stands at: reduced by a non-runner (docs/decisions/0269), or its ladder price. */
  priceHundredths: number;
  sizeMinor: bigint;
  otherOrderId: string;
  otherAccountId: string;
};

/** One counterparty's part voided: its bet, or null for a quote of the market maker (not a bet). */
type Counterpart = { accountId: string; betId: string | null; voidedMinor: bigint };

const shortOfFunds = (): Rejection =>
  reject(
    'conflict',
    'VOID_SHORT_OF_FUNDS',
    'A counterparty hedged with the voided match and cannot cover the exposure it leaves; nothing was changed.',
  );

/**
 * Voids a bet matched against other players (docs/decisions/0251), as an exchange voids one: its
 * unmatched rest is cancelled, each standing fill touching it is voided, and with each fill the
 * counterparty's matched part. In one transaction with the audit row: the bets, the fills, and the hold
 * of every account touched set to its exposure over the market's standing fills and resting bets, which
 * is what a rebuild from the database finds. The unit in memory still counts the voided fills, so it is
 * rebuilt before the market's next command.
 */
export async function voidMatchedBet(
  service: CorrectingExchange,
  unit: MarketUnit,
  bet: BetState,
  command: Command,
): Promise<Result<VoidedBet>> {
  const { ctx } = service;
  const funds = ctx.admission.funds;
  const nowIso = new Date(ctx.nowMs()).toISOString();
  const before = { status: bet.status, matched: formatMinor(bet.matchedMinor) };
  const heldBefore = new Map(unit.exposures);
  const effects = new Effects();
  let reserved = false;
  let answer: Result<VoidedBet>;
  try {
    const cancelled = cancelRest(unit, bet, effects, nowIso);
    if (cancelled) return cancelled;
    answer = await transactionResult(ctx.db, async (tx) => {
      const fills = await standingFillsOf(tx, unit.id, bet.id);
      const voidedMinor = fills.reduce((sum, fill) => sum + fill.sizeMinor, 0n);
      const counterparts = voidFills(unit, bet, fills, effects, nowIso);
      await writeBets(tx, effects);
      await tx.query('UPDATE bet_fills SET voided_at = $2 WHERE id = ANY ($1::bigint[])', [
        fills.map((fill) => fill.id),
        nowIso,
      ]);
      const accounts = [bet.playerId, ...new Set(counterparts.map((part) => part.accountId))];
      await holdExposures(tx, unit, accounts, effects);
      if (!(await coversGrowth(tx, unit, heldBefore, accounts))) return shortOfFunds();
      for (const [accountId, deltaMinor] of effects.reserved) funds.reserve(accountId, deltaMinor);
      reserved = true;
      const cashAfter = await writeBatch(tx, service.deps, ledgerPart(effects));
      const released = (heldBefore.get(bet.playerId) ?? 0n) - (unit.exposures.get(bet.playerId) ?? 0n);
      const after = {
        status: 'VOID',
        released: formatMinor(released),
        voided: formatMinor(voidedMinor),
        counterparts: counterparts.map(counterpartJson),
      };
      await recordAudit(tx, command.actor, {
        action: 'bet void',
        target: `bet:${bet.id}`,
        before,
        after,
        reason: command.reason,
      });
      afterCommit(async () => {
        funds.settle(effects.reserved, cashAfter);
        await publishEffects(service, effects);
      });
      return ok(view(bet, after));
    });
  } catch (error) {
    forgetReserved(service, effects, reserved);
    throw error;
  } finally {
    // The book, bets and exposures in memory were changed ahead of the transaction, and the risk in
    // memory cannot drop a fill: whatever the outcome, the market is rebuilt from the database.
    unit.stale = true;
  }
  if (!answer.ok) forgetReserved(service, effects, reserved);
  return answer;
}

/** Cancels what rests of the bet: the book and the player's hold shrink as for a cancel. */
export function cancelRest(
  unit: MarketUnit,
  bet: BetState,
  effects: Effects,
  nowIso: string,
): Rejection | null {
  if (remainingMinor(bet) <= 0n) return null;
  const cancelled = unit.engine.cancel(bet.id);
  if (!cancelled.ok) return engineRejection(cancelled.code);
  unit.apply(cancelled.value.events, effects, nowIso);
  return null;
}

async function standingFillsOf(tx: Sql, marketId: string, betId: string): Promise<Fill[]> {
  const rows = await tx.query<{
    id: string | number;
    price_tick: number;
    price_hundredths: number | null;
    size_minor: bigint | string;
    taker_order_id: string;
    taker_account_id: string;
    maker_order_id: string;
    maker_account_id: string;
  }>(
    `SELECT id, price_tick, price_hundredths, size_minor, taker_order_id, taker_account_id, maker_order_id, maker_account_id
       FROM bet_fills WHERE market_id = $1 AND (taker_order_id = $2 OR maker_order_id = $2) AND voided_at IS NULL
      ORDER BY id FOR UPDATE`,
    [marketId, betId],
  );
  return rows.map((row) => {
    const taker = row.taker_order_id === betId;
    return {
      id: String(row.id),
      priceTick: row.price_tick,
      priceHundredths: row.price_hundredths ?? priceHundredthsOfTick(row.price_tick),
      sizeMinor: BigInt(row.size_minor),
      otherOrderId: taker ? row.maker_order_id : row.taker_order_id,
      otherAccountId: taker ? row.maker_account_id : row.taker_account_id,
    };
  });
}

/**
 * Takes each fill out of both bets: the matched stake and value shrink, the voided part grows. The
 * voided bet shows VOID; a counterparty's bet keeps standing for the rest, VOID once nothing stands.
 */
function voidFills(
  unit: MarketUnit,
  bet: BetState,
  fills: readonly Fill[],
  effects: Effects,
  nowIso: string,
): Counterpart[] {
  const parts = new Map<string, Counterpart>();
  const others = new Set<BetState>();
  for (const fill of fills) {
    takeFill(bet, fill);
    const other = unit.bets.get(fill.otherOrderId);
    if (other) {
      takeFill(other, fill);
      others.add(other);
    }
    const key = other ? other.id : `quote ${fill.otherAccountId}`;
    const part = parts.get(key) ?? {
      accountId: fill.otherAccountId,
      betId: other?.id ?? null,
      voidedMinor: 0n,
    };
    part.voidedMinor += fill.sizeMinor;
    parts.set(key, part);
  }
  bet.status = 'VOID';
  bet.profitMinor = 0n;
  for (const other of others) other.status = standsStill(other) ? liveStatus(other) : 'VOID';
  for (const touched of [bet, ...others]) {
    touched.updatedAt = nowIso;
    effects.bet(touched);
  }
  return [...parts.values()];
}

function takeFill(bet: BetState, fill: Fill): void {
  bet.matchedMinor -= fill.sizeMinor;
  bet.matchedValue -= fill.sizeMinor * BigInt(fill.priceHundredths);
  bet.voidedMinor = (bet.voidedMinor ?? 0n) + fill.sizeMinor;
}

const standsStill = (bet: BetState): boolean => bet.matchedMinor > 0n || remainingMinor(bet) > 0n;

/** The bets' new parts in one statement, so the stake's parts never add up to more than the stake. */
async function writeBets(tx: Sql, effects: Effects): Promise<void> {
  const rows = [...effects.bets.values()].map((bet) => ({
    id: bet.id,
    matched_minor: bet.matchedMinor.toString(),
    matched_value: bet.matchedValue.toString(),
    cancelled_minor: bet.cancelledMinor.toString(),
    voided_minor: (bet.voidedMinor ?? 0n).toString(),
    status: bet.status,
    profit_minor: bet.profitMinor === null ? null : bet.profitMinor.toString(),
    updated_at: bet.updatedAt,
  }));
  await tx.query(
    `UPDATE bets b SET matched_minor = x.matched_minor, matched_value = x.matched_value,
            cancelled_minor = x.cancelled_minor, voided_minor = x.voided_minor, status = x.status,
            profit_minor = x.profit_minor, updated_at = x.updated_at
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, matched_minor bigint, matched_value bigint,
            cancelled_minor bigint, voided_minor bigint, status text, profit_minor bigint, updated_at timestamptz)
      WHERE b.id = x.id`,
    [JSON.stringify(rows)],
  );
}

/**
 * Each touched account's exposure as the database now has the market: standing fills and resting bets,
 * read inside this transaction, as the rebuild before the next command will read it.
 */
async function holdExposures(tx: Sql, unit: MarketUnit, accounts: string[], effects: Effects): Promise<void> {
  const rebuilt = await loadMarketUnit(tx, unit.id);
  if (!rebuilt) throw new Error(`exchange: market ${unit.id} vanished during a bet void`);
  const changes = accounts.map((accountId) => ({
    accountId,
    exposureMinor: rebuilt.risk.exposureMinor(accountId),
  }));
  unit.recordExposures(changes, effects);
}

/**
 * A counterparty whose voided match hedged another of its bets needs more held than before. The ledger
 * would refuse a hold beyond the cash as an error; here it is a refusal, judged with the players locked
 * as the hold will lock them.
 */
async function coversGrowth(
  tx: Sql,
  unit: MarketUnit,
  heldBefore: ReadonlyMap<string, bigint>,
  accounts: readonly string[],
): Promise<boolean> {
  const growth = new Map<string, bigint>();
  for (const accountId of accounts) {
    const grownMinor = (unit.exposures.get(accountId) ?? 0n) - (heldBefore.get(accountId) ?? 0n);
    if (grownMinor > 0n) growth.set(playerCashAccountId(accountId), grownMinor);
  }
  if (growth.size === 0) return true;
  const cashIds = [...growth.keys()];
  const balances = await lockPlayersCash(tx, cashIds);
  return cashIds.every((cashId) => (balances.get(cashId) ?? 0n) >= growth.get(cashId)!);
}

/** What the ledger batch writes: the holds and the ladder (the bets were written with their voided part). */
function ledgerPart(effects: Effects): Effects {
  const part = new Effects();
  for (const hold of effects.holds.values()) part.hold(hold);
  for (const [marketId, book] of effects.books) part.books.set(marketId, book);
  return part;
}

function forgetReserved(service: CorrectingExchange, effects: Effects, reserved: boolean): void {
  const funds = service.ctx.admission.funds;
  if (reserved) funds.settle(effects.reserved, new Map());
  for (const accountId of effects.reserved.keys()) funds.forget(accountId);
}

const counterpartJson = (part: Counterpart) => ({
  accountId: part.accountId,
  betId: part.betId,
  voided: formatMinor(part.voidedMinor),
});

type VoidedParts = Pick<VoidedBet, 'released' | 'voided' | 'counterparts'>;

const view = (bet: BetState, { released, voided, counterparts }: VoidedParts): VoidedBet => ({
  id: bet.id,
  product: 'exchange',
  playerId: bet.playerId,
  market: bet.marketId,
  status: bet.status,
  stake: formatMinor(bet.stakeMinor),
  released,
  voided,
  counterparts,
});
