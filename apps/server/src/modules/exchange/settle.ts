import {
  lineBetPnlMinor,
  priceHundredthsOfTick,
  type RunnerMarketResult,
  type SettlementRow,
} from '@backlay/exchange';
import { SYSTEM_ACCOUNT_IDS, playerCashAccountId, type LedgerRequest } from '@backlay/ledger';
import type { ShareEntry } from '../shares/index.ts';
import type { Effects } from './effects.ts';
import { lineBetFor } from './house-bets.ts';
import { holdIdOf } from './market-load.ts';
import type { MarketUnit } from './market-unit.ts';
import type { BetState } from './types.ts';

/**
 * How a market ended: a winning runner, every winner of a market paying several (a place market: backers
 * of each win, layers of each lose), a line's final value, or void (every matched bet refunded).
 */
export type MarketOutcome =
  | { kind: 'WINNER'; runnerId: string }
  | { kind: 'WINNERS'; runnerIds: readonly string[] }
  | { kind: 'LINE'; value: number }
  | { kind: 'VOID' };

/**
 * Settles a market once (docs/decisions/0133): the book closes (unmatched parts cancelled), each
 * account's hold is released, and its net result after commission moves as one BET_WIN or BET_LOSS
 * transfer; the commission goes from the house to the commission account. Keys derive from the market
 * and account, so a settlement written twice posts once.
 */
export function settleMarket(
  unit: MarketUnit,
  outcome: MarketOutcome,
  effects: Effects,
  nowIso: string,
): boolean {
  if (unit.settled) return false;
  if (unit.engine.status() !== 'CLOSED') {
    const closed = unit.engine.close();
    if (closed.ok) unit.apply(closed.value.events, effects, nowIso);
  }
  return recordSettlement(unit, outcome, effects, nowIso, 0);
}

/**
 * Records the settlement of a closed book on `outcome`: postings, bets' results, the market's state.
 * Generation 0 is the first settlement; each re-settlement (docs/decisions/0242) posts under keys of
 * its own generation, so a retry of one posts once and a later one posts again.
 */
export function recordSettlement(
  unit: MarketUnit,
  outcome: MarketOutcome,
  effects: Effects,
  nowIso: string,
  generation: number,
): boolean {
  const winners = winnerIndexes(unit, outcome);
  const lineValue = outcome.kind === 'LINE' ? outcome.value : null;
  const voided = unit.lineRisk ? lineValue === null : winners === null;
  const settlement = unit.lineRisk
    ? unit.lineRisk.settle(
        voided ? { kind: 'VOID' } : { kind: 'FINAL_VALUE', value: lineValue! },
        unit.info.commissionBasisPoints,
      )
    : unit.risk.settle(runnerResult(winners), unit.info.commissionBasisPoints);
  if (!settlement.ok) return false;
  const entries: ShareEntry[] = [];
  for (const row of settlement.value.rows) {
    effects.ledger.push(...postings(unit, row, outcome, generation));
    if (row.commissionMinor > 0n) entries.push(commissionEntry(row.accountId, row.commissionMinor, nowIso));
  }
  for (const bet of unit.bets.values()) {
    if (bet.matchedMinor === 0n) continue;
    bet.profitMinor = voided
      ? 0n
      : lineValue !== null
        ? lineProfit(unit, bet, lineValue)
        : runnerProfit(bet, winners!);
    bet.status = voided ? 'VOID' : 'SETTLED';
    bet.updatedAt = nowIso;
    effects.bet(bet);
    entries.push(betEntry(bet, 1n));
  }
  effects.shares.set(unit.id, { marketId: unit.id, generation, day: nowIso.slice(0, 10), entries });
  unit.settled = true;
  unit.openHolds.clear();
  unit.exposures.clear();
  unit.makerOrders.clear();
  const status = voided ? 'VOID' : 'SETTLED';
  unit.info = { ...unit.info, status };
  effects.marketStatus.set(unit.id, status);
  effects.settlements.set(unit.id, outcome);
  effects.markets.add(unit.id);
  return true;
}

/** A settled bet's result in the agents' shares; −1 takes back the figures of an earlier settlement. */
export const betEntry = (bet: BetState, sign: 1n | -1n): ShareEntry => ({
  playerId: bet.playerId,
  placedAt: bet.placedAt,
  resultMinor: bet.profitMinor ?? 0n,
  turnoverMinor: bet.matchedMinor,
  commissionMinor: 0n,
  sign,
});

/** A player's commission on the market: reported beside the shares, never shared. */
export const commissionEntry = (
  playerId: string,
  commissionMinor: bigint,
  placedAt: string,
  sign: 1n | -1n = 1n,
): ShareEntry => ({ playerId, placedAt, resultMinor: 0n, turnoverMinor: 0n, commissionMinor, sign });

/** The prefix of one account's settlement keys on a market, in one generation of its settlement. */
export const settlementKeyOf = (marketId: string, generation: number, accountId: string): string =>
  generation === 0 ? `xs:${marketId}:${accountId}` : `xs:${marketId}:g${generation}:${accountId}`;

function postings(
  unit: MarketUnit,
  row: SettlementRow,
  outcome: MarketOutcome,
  generation: number,
): LedgerRequest[] {
  const key = settlementKeyOf(unit.id, generation, row.accountId);
  const what = `${unit.info.eventName} · ${unit.info.name}`;
  const reference = `market:${unit.id}`;
  const requests: LedgerRequest[] = [];
  if (unit.openHolds.has(row.accountId)) {
    const holdId = holdIdOf(unit.id, row.accountId);
    requests.push({ op: 'voidHold', idempotencyKey: `${key}:release`, holdId, remark: what });
  }
  const cash = playerCashAccountId(row.accountId);
  const house = SYSTEM_ACCOUNT_IDS.HOUSE;
  if (row.netPnlMinor > 0n) {
    const remark = `${what}: won${row.commissionMinor > 0n ? ' (after commission)' : ''}`;
    requests.push(transfer(`${key}:pnl`, house, cash, row.netPnlMinor, 'BET_WIN', remark, reference));
  } else if (row.netPnlMinor < 0n) {
    const remark = `${what}: ${outcome.kind === 'VOID' ? 'void' : 'lost'}`;
    requests.push(transfer(`${key}:pnl`, cash, house, -row.netPnlMinor, 'BET_LOSS', remark, reference));
  }
  if (row.commissionMinor > 0n) {
    const commission = SYSTEM_ACCOUNT_IDS.COMMISSION;
    requests.push(
      transfer(`${key}:commission`, house, commission, row.commissionMinor, 'COMMISSION', what, reference),
    );
  }
  return requests;
}

function transfer(
  idempotencyKey: string,
  debitAccountId: string,
  creditAccountId: string,
  amountMinor: bigint,
  kind: 'BET_WIN' | 'BET_LOSS' | 'COMMISSION',
  remark: string,
  reference: string,
): LedgerRequest {
  return {
    op: 'transfer',
    idempotencyKey,
    debitAccountId,
    creditAccountId,
    amountMinor,
    kind,
    remark,
    reference,
  };
}

/**
 * The winning runners' positions; null when the outcome names none, or a runner the market does not
 * have (the market is then void, as for one unknown winner).
 */
function winnerIndexes(unit: MarketUnit, outcome: MarketOutcome): ReadonlySet<number> | null {
  const runnerIds =
    outcome.kind === 'WINNER' ? [outcome.runnerId] : outcome.kind === 'WINNERS' ? outcome.runnerIds : [];
  const indexes = new Set(runnerIds.map((runnerId) => unit.runnerIndexOf(runnerId)));
  return indexes.size === 0 || indexes.has(-1) ? null : indexes;
}

const runnerResult = (winners: ReadonlySet<number> | null): RunnerMarketResult =>
  winners ? { kind: 'WINNERS', runnerIndexes: [...winners] } : { kind: 'VOID' };

/**
 * A runner bet's own profit before commission: Σ size × (price − 1) rounded down when it wins. The
 * matched value carries any non-runner reduction of its fills, so a reduced bet wins at its reduced price.
 */
function runnerProfit(bet: BetState, winners: ReadonlySet<number>): bigint {
  const winMinor = (bet.matchedValue - bet.matchedMinor * 100n) / 100n;
  const runnerWon = winners.has(bet.runnerIndex);
  const backerProfit = runnerWon ? winMinor : -bet.matchedMinor;
  return bet.side === 'BACK' ? backerProfit : -backerProfit;
}

function lineProfit(unit: MarketUnit, bet: BetState, value: number): bigint {
  const rate = priceHundredthsOfTick(bet.priceTick) - 100;
  const lineBet = lineBetFor(unit, bet.runnerId, bet.matchedMinor, rate, bet.line);
  return lineBet ? lineBetPnlMinor(lineBet, value) : 0n;
}
