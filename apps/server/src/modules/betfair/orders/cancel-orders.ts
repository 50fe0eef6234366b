import type { Result } from '../../../platform/rejections.ts';
import { asBetResult, exchangeTables, type PlaceAnswer } from '../../exchange/index.ts';
import { sportsTables } from '../../sports/index.ts';
import type { JsonObject } from '../api-ng/json.ts';
import { ApiNgError, type ApiNgCaller, type ApiNgParams } from '../api-ng/operation.ts';
import { betIdOfUuid } from '../ids.ts';
import { betfairDate, minorOfSize, sizeOfMinor } from './amounts.ts';
import type { OrderDeps } from './deps.ts';
import { betfairFailure } from './errors.ts';
import { betOfInstruction, MAX_INSTRUCTIONS, pick } from './instructions.ts';
import {
  executionReport,
  failedInstruction,
  type CancelInstructionEcho,
  type CancelInstructionReport,
  type ExecutionReport,
} from './reports.ts';
import { exchangeMarketOf, isReport, readOrderRequest } from './request.ts';

/**
 * cancelOrders: the instructions' bets (all or `sizeReduction` of what rests), or with no instructions
 * every bet of the caller that rests, on the market or, with no market either, everywhere.
 */
export async function cancelOrders(
  deps: OrderDeps,
  caller: ApiNgCaller,
  params: ApiNgParams,
): Promise<ExecutionReport<CancelInstructionReport>> {
  const request = readOrderRequest(params, {
    maxInstructions: MAX_INSTRUCTIONS.cancel,
    marketRequired: false,
    instructionsRequired: false,
  });
  if (isReport(request)) return request;
  const { base, instructions } = request;
  if (base.marketId === undefined) {
    if (instructions.length > 0)
      throw new ApiNgError('INVALID_INPUT_DATA', 'cancelOrders with instructions needs their marketId.');
    return executionReport(base, await cancelAllResting(deps, caller, null));
  }
  const market = await exchangeMarketOf(deps, request, instructions.map(cancelEcho));
  if (isReport(market)) return market;
  if (instructions.length === 0)
    return executionReport(base, await cancelAllResting(deps, caller, market.id));
  const reports: CancelInstructionReport[] = [];
  for (const instruction of instructions) reports.push(await cancelOne(deps, caller, market.id, instruction));
  return executionReport(base, reports);
}

async function cancelOne(
  deps: OrderDeps,
  caller: ApiNgCaller,
  marketId: string,
  instruction: JsonObject,
): Promise<CancelInstructionReport> {
  const echo = cancelEcho(instruction);
  const betId = betOfInstruction(instruction);
  if (betId === null) return failedInstruction('INVALID_BET_ID', { instruction: echo });
  let reduceMinor: bigint | undefined;
  if (instruction.sizeReduction !== undefined) {
    const reduce = minorOfSize(instruction.sizeReduction);
    if (reduce === null) return failedInstruction('INVALID_BET_SIZE', { instruction: echo });
    reduceMinor = reduce;
  }
  const answer = await cancelOnOwner(deps, caller.playerId, marketId, betId, reduceMinor);
  if (!answer.ok) return failedInstruction(betfairFailure(answer.code).code, { instruction: echo });
  return cancelledReport(echo, answer.value);
}

/** One cancel on the market's owner, as the portal's own cancel runs it. */
export async function cancelOnOwner(
  deps: OrderDeps,
  playerId: string,
  marketId: string,
  betId: string,
  reduceMinor?: bigint,
): Promise<Result<PlaceAnswer>> {
  return asBetResult(
    await deps.exchange.run<PlaceAnswer>(marketId, {
      type: 'cancel',
      playerId,
      betId,
      ...(reduceMinor !== undefined && { reduceMinor: reduceMinor.toString() }),
    }),
  );
}

export function cancelledReport(
  instruction: CancelInstructionEcho,
  answer: PlaceAnswer,
): CancelInstructionReport {
  return {
    status: 'SUCCESS',
    instruction,
    sizeCancelled: sizeOfMinor(BigInt(answer.cancelledNowMinor ?? '0')),
    cancelledDate: betfairDate(new Date()),
  };
}

/** Every resting bet of the caller (on one market, or all), cancelled one by one on its owner. */
async function cancelAllResting(
  deps: OrderDeps,
  caller: ApiNgCaller,
  marketId: string | null,
): Promise<CancelInstructionReport[]> {
  const rows = await deps.sql.query<{ id: string; market_id: string }>(
    `SELECT b.id, b.market_id FROM ${exchangeTables.bets} b JOIN ${sportsTables.markets} m ON m.id = b.market_id
      WHERE b.player_id = $1 AND b.status IN ('UNMATCHED', 'PARTIALLY_MATCHED') AND NOT m.house_priced
        AND ($2::text IS NULL OR b.market_id = $2)
      ORDER BY b.placed_at LIMIT 1000`,
    [caller.playerId, marketId],
  );
  const reports: CancelInstructionReport[] = [];
  for (const row of rows) {
    const instruction = { betId: betIdOfUuid(row.id) };
    const answer = await cancelOnOwner(deps, caller.playerId, row.market_id, row.id);
    // A bet that matched or lapsed meanwhile has nothing left to cancel: not a failure of this request.
    if (answer.ok) reports.push(cancelledReport(instruction, answer.value));
  }
  return reports;
}

const cancelEcho = (instruction: JsonObject): CancelInstructionEcho =>
  pick(instruction, ['betId', 'sizeReduction']);
