import {
  agentPlAccountIdSql,
  isAgentPlAccountId,
  isPlayerCashAccountId,
  type LedgerRequest,
} from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { ok, reject, transactionResult, type Rejection, type Result } from '../../platform/rejections.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { lockMarketStatus, replaceResult, type OperatorResult } from '../sports/index.ts';
import { allowOverdrafts, closeOverdrafts, readStandingTransfers } from '../wallet/index.ts';
import { BatchRejected, writeBatch } from './batch-write.ts';
import { Effects } from './effects.ts';
import { betError } from './errors.ts';
import { replayHouseBet } from './house-bets.ts';
import { loadMarketUnit } from './market-load.ts';
import type { MarketUnit } from './market-unit.ts';
import { publishEffects, type CorrectingExchange } from './publish.ts';
import { cashMoves, type Reversed } from './resettle-overdraft.ts';
import { shareTables, type ShareEntry } from '../shares/index.ts';
import {
  betEntry,
  commissionEntry,
  recordSettlement,
  settlementKeyOf,
  type MarketOutcome,
} from './settle.ts';

export type ResettleCommand = { type: 'resettle'; outcome: MarketOutcome; actor: AuditActor; reason: string };
export type ResettleAnswer = { changed: boolean };

/** What `market_settlements.result` holds: the outcome settled on, and which settlement it was. */
type StoredSettlement = MarketOutcome & { generation?: number };

export const marketNotSettled = (): Rejection =>
  reject('conflict', 'MARKET_NOT_SETTLED', 'Only a settled or void market can be settled again.');
/**
 * Kept for clients that know it, no longer answered: a player short of the winnings taken back goes
 * below zero instead (docs/decisions/0252), so the ledger refusing a re-settlement's funds is a fault.
 */
const shortOfFunds = (): Rejection =>
  reject(
    'conflict',
    'RESETTLE_SHORT_OF_FUNDS',
    'A player no longer holds the winnings this re-settlement takes back; nothing was changed.',
  );

/**
 * Settles a settled (or void) market again on a new outcome (docs/decisions/0242), on the market's
 * owner: the earlier settlement's postings are reversed and the new one posted under the next
 * generation's keys, bets take their new results, the market its new state and result, all with the
 * audit row in one transaction. The same outcome again changes nothing, so a retry posts once. A
 * player who no longer holds the winnings it takes back goes below zero by the shortfall (0252).
 */
export async function resettleMarket(
  service: CorrectingExchange,
  unit: MarketUnit,
  command: ResettleCommand,
): Promise<Result<ResettleAnswer>> {
  const { ctx } = service;
  // The first settlement may still be in the group commit: it must be durable before it is undone.
  await ctx.committer.idle();
  const effects = new Effects();
  let answer: Result<ResettleAnswer>;
  try {
    answer = await transactionResult(ctx.db, (tx) =>
      writeResettlement(tx, service, unit.id, command, effects),
    );
  } catch (error) {
    if (error instanceof BatchRejected && error.code === 'INSUFFICIENT_FUNDS') return shortOfFunds();
    throw error;
  }
  if (answer.ok && answer.value.changed) {
    // The unit in memory still holds the earlier results: the next command rebuilds it.
    unit.stale = true;
    for (const bet of effects.bets.values()) ctx.admission.funds.forget(bet.playerId);
  }
  return answer;
}

/** The re-settlement inside its transaction, with the market row locked; `effects` gathers its writes. */
async function writeResettlement(
  tx: Sql,
  service: CorrectingExchange,
  marketId: string,
  command: ResettleCommand,
  effects: Effects,
): Promise<Result<ResettleAnswer>> {
  const status = await lockMarketStatus(tx, marketId);
  if (status === undefined) return betError('UNKNOWN_MARKET');
  const [stored] = await tx.query<{ result: StoredSettlement }>(
    'SELECT result FROM market_settlements WHERE market_id = $1',
    [marketId],
  );
  if (!stored || (status !== 'SETTLED' && status !== 'VOID')) return marketNotSettled();
  const { generation, outcome: before } = standing(stored.result);
  if (sameOutcome(before, command.outcome)) return ok({ changed: false });
  const fresh = await settledBook(tx, marketId);
  const nowIso = new Date(service.ctx.nowMs()).toISOString();
  const taken = settledEntries(fresh);
  const { reversals, commissions } = await reversalsOf(tx, fresh, generation);
  effects.ledger.push(...reversals.keys());
  if (!recordSettlement(fresh, command.outcome, effects, nowIso, generation + 1))
    return reject('invalid', 'INVALID_RESULT', 'The market cannot settle on this result.');
  // The day's roll-ups take back the standing settlement's figures and add the new ones.
  for (const [playerId, commissionMinor] of commissions)
    taken.push(commissionEntry(playerId, commissionMinor, nowIso, -1n));
  effects.shares.get(marketId)?.entries.push(...taken);
  effects.ledger.sort((a, b) => creditRank(a, reversals) - creditRank(b, reversals));
  // The settlement row exists: storeOutcome rewrites it.
  effects.settlements.clear();
  const moves = cashMoves(effects.ledger, reversals);
  await allowOverdrafts(tx, moves);
  await writeBatch(tx, service.deps, effects);
  await closeOverdrafts(tx, [...moves.keys()]);
  await storeOutcome(tx, marketId, command.outcome, generation + 1);
  await recordAudit(tx, command.actor, {
    action: 'market resettle',
    target: `market:${marketId}`,
    before,
    after: command.outcome,
    reason: command.reason,
  });
  afterCommit(() => publishEffects(service, effects));
  return ok({ changed: true });
}

function standing(stored: StoredSettlement): { generation: number; outcome: MarketOutcome } {
  const { generation = 0, ...outcome } = stored;
  return { generation, outcome: outcome as MarketOutcome };
}

const sameOutcome = (a: MarketOutcome, b: MarketOutcome): boolean =>
  a.kind === b.kind &&
  (a.kind !== 'WINNER' || a.runnerId === (b as typeof a).runnerId) &&
  (a.kind !== 'WINNERS' || sameSet(a.runnerIds, (b as typeof a).runnerIds)) &&
  (a.kind !== 'LINE' || a.value === (b as typeof a).value);

/**
 * The market as it stood at the off, from the database: every matched bet in its risk again (house bets
 * too, which a settled market no longer replays), ready to settle on another outcome.
 */
async function settledBook(tx: Sql, marketId: string): Promise<MarketUnit> {
  const unit = await loadMarketUnit(tx, marketId);
  if (!unit) throw new Error(`exchange: market ${marketId} vanished while locked`);
  unit.settled = false;
  if (unit.info.housePriced) {
    for (const bet of unit.bets.values())
      if (bet.matchedMinor > 0n && (bet.status === 'SETTLED' || bet.status === 'VOID'))
        replayHouseBet(unit, bet);
  }
  return unit;
}

/** The standing settlement's bets as the agents' shares took them, to be taken back. */
const settledEntries = (unit: MarketUnit): ShareEntry[] =>
  [...unit.bets.values()]
    .filter((bet) => bet.matchedMinor > 0n && (bet.status === 'SETTLED' || bet.status === 'VOID'))
    .map((bet) => betEntry(bet, -1n));

type Reversals = { reversals: Map<LedgerRequest, Reversed>; commissions: Map<string, bigint> };

/**
 * Reversals of the standing settlement's transfers (its generation's win, loss and commission of each
 * account on the market, and each agent's share, the agents found by the market's roll-ups), each with
 * the transfer it reverses, and the commissions they take back by player. Each is keyed by the new
 * generation and the transfer it undoes; the ledger reverses a transfer at most once.
 */
async function reversalsOf(tx: Sql, unit: MarketUnit, generation: number): Promise<Reversals> {
  const accounts = await tx.query<{ account_id: string }>(
    `SELECT player_id AS account_id FROM bets WHERE market_id = $1
     UNION SELECT taker_account_id FROM bet_fills WHERE market_id = $1
     UNION SELECT maker_account_id FROM bet_fills WHERE market_id = $1
     UNION SELECT ${agentPlAccountIdSql('agent_id::text')} FROM ${shareTables.agentPlMarkets} WHERE market_id = $1`,
    [unit.id],
  );
  const keys = accounts.flatMap(({ account_id: accountId }) =>
    (isAgentPlAccountId(accountId) ? ['share'] : ['pnl', 'commission']).map(
      (leg) => `${settlementKeyOf(unit.id, generation, accountId)}:${leg}#0`,
    ),
  );
  const reversals = new Map<LedgerRequest, Reversed>();
  const commissions = new Map<string, bigint>();
  if (keys.length === 0) return { reversals, commissions };
  const posted = await readStandingTransfers(tx, keys);
  const commissionKey = { prefix: settlementKeyOf(unit.id, generation, ''), suffix: ':commission#0' };
  const remark = `${unit.info.eventName} · ${unit.info.name}: re-settled`;
  for (const transfer of posted) {
    const request: LedgerRequest = {
      op: 'reverse',
      idempotencyKey: `xs:${unit.id}:g${generation + 1}:undo:${transfer.id}`,
      transferId: Number(transfer.id),
      remark,
    };
    reversals.set(request, {
      debitAccountId: transfer.debit_account_id,
      creditAccountId: transfer.credit_account_id,
      amountMinor: BigInt(transfer.amount_minor),
    });
    if (transfer.idempotency_key.endsWith(commissionKey.suffix)) {
      const playerId = transfer.idempotency_key.slice(
        commissionKey.prefix.length,
        -commissionKey.suffix.length,
      );
      commissions.set(playerId, BigInt(transfer.amount_minor));
    }
  }
  return { reversals, commissions };
}

/**
 * Money to players moves first, money from them after: a player whose old win turns into a loss is
 * judged on the balance after the new win or returned loss, never on a transient overdraft. A reversal
 * credits the account its transfer debited.
 */
function creditRank(request: LedgerRequest, reversals: ReadonlyMap<LedgerRequest, Reversed>): number {
  const credited =
    request.op === 'transfer' ? request.creditAccountId : reversals.get(request)?.debitAccountId;
  return credited !== undefined && isPlayerCashAccountId(credited) ? 0 : 1;
}

/** The market's result and settlement now say the new outcome, and which settlement is standing. */
async function storeOutcome(
  tx: Sql,
  marketId: string,
  outcome: MarketOutcome,
  generation: number,
): Promise<void> {
  await tx.query(
    'UPDATE market_settlements SET result = $2::jsonb, settled_at = now() WHERE market_id = $1',
    [marketId, JSON.stringify({ ...outcome, generation })],
  );
  await replaceResult(tx, marketId, operatorResultOf(outcome));
}

function operatorResultOf(outcome: MarketOutcome): OperatorResult {
  if (outcome.kind === 'WINNER') return { kind: 'WINNER', winnerRunnerId: outcome.runnerId };
  if (outcome.kind === 'WINNERS') return { kind: 'WINNERS', winnerRunnerIds: outcome.runnerIds };
  return outcome;
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  new Set(a).size === new Set(b).size && a.every((item) => b.includes(item));
