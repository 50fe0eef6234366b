import { randomUUID } from 'node:crypto';
import { formatMinor } from '@backlay/ledger';
import { exchangeTables, placeRequest, tickOf } from '../../exchange/index.ts';
import type { JsonObject } from '../api-ng/json.ts';
import type { ApiNgCaller, ApiNgParams } from '../api-ng/operation.ts';
import { cancelledReport, cancelOnOwner } from './cancel-orders.ts';
import type { OrderDeps } from './deps.ts';
import { betfairFailure } from './errors.ts';
import { betOfInstruction, MAX_INSTRUCTIONS, pick } from './instructions.ts';
import { placedReport } from './place-orders.ts';
import {
  executionReport,
  type ExecutionReport,
  type PlaceInstructionEcho,
  type ReplaceInstructionEcho,
  type ReplaceInstructionReport,
} from './reports.ts';
import { exchangeMarketOf, isReport, readOrderRequest } from './request.ts';

/**
 * replaceOrders: as Betfair, a cancel of what rests of each bet, then a new bet at `newPrice` for the
 * size cancelled, same runner, side and persistence, with the old bet's order and strategy references.
 * The cancel stands even when the new bet is refused.
 */
export async function replaceOrders(
  deps: OrderDeps,
  caller: ApiNgCaller,
  params: ApiNgParams,
): Promise<ExecutionReport<ReplaceInstructionReport>> {
  const request = readOrderRequest(params, {
    maxInstructions: MAX_INSTRUCTIONS.replace,
    marketRequired: true,
    instructionsRequired: true,
  });
  if (isReport(request)) return request;
  const echoes = request.instructions.map((one) => pick(one, ['betId', 'newPrice']));
  const market = await exchangeMarketOf(deps, request, echoes);
  if (isReport(market))
    return {
      ...market,
      instructionReports: echoes.map((echo) => failedReplace(echo, 'ERROR_IN_ORDER', 'ERROR_IN_ORDER')),
    };
  const reports: ReplaceInstructionReport[] = [];
  for (const [index, instruction] of request.instructions.entries())
    reports.push(await replaceOne(deps, caller, market.id, instruction, echoes[index]!));
  return executionReport(request.base, reports);
}

async function replaceOne(
  deps: OrderDeps,
  caller: ApiNgCaller,
  marketId: string,
  instruction: JsonObject,
  echo: ReplaceInstructionEcho,
): Promise<ReplaceInstructionReport> {
  const betId = betOfInstruction(instruction);
  if (betId === null) return failedReplace(echo, 'INVALID_BET_ID', 'RELATED_ACTION_FAILED');
  // A price off the ladder is refused before anything is cancelled.
  if (typeof instruction.newPrice !== 'number' || tickOf(instruction.newPrice) === null)
    return failedReplace(echo, 'INVALID_ODDS', 'INVALID_ODDS');
  const cancelled = await cancelOnOwner(deps, caller.playerId, marketId, betId);
  if (!cancelled.ok) return failedReplace(echo, betfairFailure(cancelled.code).code, 'RELATED_ACTION_FAILED');
  const old = cancelled.value.bet;
  const sizeMinor = BigInt(cancelled.value.cancelledNowMinor ?? '0');
  const cancelReport = cancelledReport({ betId: echo.betId }, cancelled.value);
  const [selection] = (await deps.ids.selectionIds([{ marketId, runnerId: old.runnerId }])).values();
  const placeEcho: PlaceInstructionEcho = {
    selectionId: Number(selection ?? 0),
    side: old.side,
    orderType: 'LIMIT',
    limitOrder: {
      size: Number(formatMinor(sizeMinor)),
      price: instruction.newPrice,
      persistenceType: old.persistence ?? 'LAPSE',
    },
  };
  const clientRef = `bf.${randomUUID()}`;
  await copyRefs(deps, caller.playerId, betId, clientRef);
  const placed = await placeRequest(deps.exchange, caller.playerId, {
    marketId,
    runnerId: old.runnerId,
    side: old.side,
    price: instruction.newPrice,
    stake: formatMinor(sizeMinor),
    persistence: old.persistence ?? 'LAPSE',
    clientRef,
  });
  if (!placed.ok) {
    const code = betfairFailure(placed.code).code;
    return {
      status: 'FAILURE',
      errorCode: 'CANCELLED_NOT_PLACED',
      cancelInstructionReport: cancelReport,
      placeInstructionReport: { status: 'FAILURE', errorCode: code, instruction: placeEcho },
    };
  }
  return {
    status: 'SUCCESS',
    cancelInstructionReport: cancelReport,
    placeInstructionReport: placedReport(placed.value.bet, placeEcho),
  };
}

/** The new bet keeps the references of the bet it replaces. */
async function copyRefs(
  deps: OrderDeps,
  playerId: string,
  oldBetId: string,
  clientRef: string,
): Promise<void> {
  await deps.sql.query(
    `INSERT INTO betfair_order_refs (player_id, client_ref, customer_order_ref, customer_strategy_ref)
     SELECT b.player_id, $3, o.customer_order_ref, o.customer_strategy_ref
       FROM ${exchangeTables.bets} b JOIN betfair_order_refs o ON o.player_id = b.player_id AND o.client_ref = b.client_ref
      WHERE b.player_id = $1 AND b.id = $2`,
    [playerId, oldBetId, clientRef],
  );
}

/** Both halves are always present: the client reads them even when the replace failed. */
function failedReplace(
  echo: ReplaceInstructionEcho,
  cancelCode: string,
  placeCode: string,
): ReplaceInstructionReport {
  return {
    status: 'FAILURE',
    errorCode: cancelCode,
    cancelInstructionReport: { status: 'FAILURE', errorCode: cancelCode, instruction: { betId: echo.betId } },
    placeInstructionReport: { status: 'FAILURE', errorCode: placeCode },
  };
}
