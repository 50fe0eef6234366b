import { randomUUID } from 'node:crypto';
import { formatMinor } from '@backlay/ledger';
import type { Bet } from '@backlay/contracts';
import { placeRequest } from '../../exchange/index.ts';
import type { ApiNgCaller, ApiNgParams } from '../api-ng/operation.ts';
import { isJsonObject, type JsonValue } from '../api-ng/json.ts';
import { betIdOfUuid } from '../ids.ts';
import { betfairDate, sizeOfMoney } from './amounts.ts';
import type { OrderDeps } from './deps.ts';
import { betfairFailure } from './errors.ts';
import { readStakeLimits } from './market-facts.ts';
import {
  MAX_INSTRUCTIONS,
  placeInstructionEcho,
  readPlaceInstruction,
  strategyRefParam,
  type PlaceIntent,
} from './instructions.ts';
import {
  executionReport,
  failedInstruction,
  type ExecutionReport,
  type PlaceInstructionEcho,
  type PlaceInstructionReport,
} from './reports.ts';
import { exchangeMarketOf, isReport, readOrderRequest, type OrderRequest } from './request.ts';

type Ready = PlaceIntent & { runnerId: string; clientRef: string; echo: PlaceInstructionEcho };
type PlaceReport = ExecutionReport<PlaceInstructionReport>;

/**
 * placeOrders (docs/decisions/0257): every instruction is checked first, and one that is wrong fails the
 * order with nothing placed (BET_ACTION_ERROR, the others ERROR_IN_ORDER). Then each is placed in turn
 * through the portal's own placement, so the admission gate, the market's unit and the ledger treat a
 * program's bet as the portal's. A refusal of the order as a whole (funds, a suspended market) before
 * anything was placed fails the order with Betfair's code; after, it fails only its instruction.
 */
export async function placeOrders(
  deps: OrderDeps,
  caller: ApiNgCaller,
  params: ApiNgParams,
): Promise<PlaceReport> {
  const request = readOrderRequest(params, {
    maxInstructions: MAX_INSTRUCTIONS.place,
    marketRequired: true,
    instructionsRequired: true,
  });
  if (isReport(request)) return request;
  const { base, instructions } = request;
  const echoes = instructions.map(placeInstructionEcho);
  const orderFails = (code: string) =>
    executionReport(
      base,
      echoes.map((instruction) => failedInstruction('ERROR_IN_ORDER', { instruction })),
      code,
    );
  const market = await exchangeMarketOf(deps, request, echoes);
  if (isReport(market)) return market;
  const strategy = strategyRefParam(params);
  const checked = await Promise.all(
    instructions.map(async (instruction, index): Promise<Ready | { error: string }> => {
      if (strategy !== null && typeof strategy === 'object') return strategy;
      const intent = readPlaceInstruction(instruction);
      if ('error' in intent) return intent;
      const runner = await deps.ids.runnerOf(intent.selectionId);
      if (!runner || runner.marketId !== market.id) return { error: 'INVALID_RUNNER' };
      return { ...intent, runnerId: runner.runnerId, clientRef: `bf.${randomUUID()}`, echo: echoes[index]! };
    }),
  );
  if (checked.some((one) => 'error' in one))
    return executionReport(
      base,
      checked.map((one, index) =>
        failedInstruction('error' in one ? one.error : 'ERROR_IN_ORDER', { instruction: echoes[index] }),
      ),
      'BET_ACTION_ERROR',
    );
  const ready = checked as Ready[];
  const strategyRef = typeof strategy === 'string' ? strategy : null;
  const refs = ready.map((one) => ({
    clientRef: one.clientRef,
    orderRef: one.customerOrderRef,
    strategyRef,
  }));
  if (!(await deps.refs.claim(caller.playerId, base.customerRef ?? null, refs)))
    return orderFails('DUPLICATE_TRANSACTION');
  const lapse = await isStaleVersion(deps, market.id, params.marketVersion);
  return placeInTurn(deps, caller, market.id, ready, lapse, base, orderFails);
}

async function placeInTurn(
  deps: OrderDeps,
  caller: ApiNgCaller,
  marketId: string,
  ready: readonly Ready[],
  lapse: boolean,
  base: OrderRequest['base'],
  orderFails: (code: string) => PlaceReport,
): Promise<PlaceReport> {
  const reports: PlaceInstructionReport[] = [];
  let outOfRange = false;
  for (const one of ready) {
    const placed = await placeRequest(
      deps.exchange,
      caller.playerId,
      {
        marketId,
        runnerId: one.runnerId,
        side: one.side,
        price: one.price,
        stake: formatMinor(one.sizeMinor),
        persistence: one.persistence,
        clientRef: one.clientRef,
      },
      { ...(one.minFillMinor !== null && { fillOrKill: { minFillMinor: one.minFillMinor } }), lapse },
    );
    if (placed.ok) {
      reports.push(placedReport(placed.value.bet, one.echo));
      continue;
    }
    const failure = betfairFailure(placed.code);
    if (failure.level === 'order' && reports.length === 0) return orderFails(failure.code);
    outOfRange ||= STAKE_RANGE_REFUSALS.has(placed.code);
    reports.push(failedInstruction(failure.code, { instruction: one.echo }));
  }
  const report = executionReport(base, reports);
  // INVALID_BET_SIZE alone does not say the range; the report (which the client keeps whole) does.
  return outOfRange ? { ...report, stakeLimits: await readStakeLimits(deps.sql, marketId) } : report;
}

/** The market's own stake range refused the stake (not the player's own maximum). */
const STAKE_RANGE_REFUSALS: ReadonlySet<string> = new Set(['STAKE_TOO_SMALL', 'STAKE_TOO_LARGE']);

/** An order on an older market version than the current one lapses instead of matching. */
async function isStaleVersion(
  deps: OrderDeps,
  marketId: string,
  marketVersion: JsonValue | undefined,
): Promise<boolean> {
  if (!isJsonObject(marketVersion)) return false;
  const version = marketVersion.version;
  if (typeof version !== 'number') return false;
  return (await deps.markets.version(marketId)) > version;
}

/** A placed instruction as Betfair reports it: executable while some of it rests. */
export function placedReport(bet: Bet, instruction: PlaceInstructionEcho): PlaceInstructionReport {
  const resting = bet.status === 'UNMATCHED' || bet.status === 'PARTIALLY_MATCHED';
  return {
    status: 'SUCCESS',
    instruction,
    orderStatus: resting ? 'EXECUTABLE' : 'EXECUTION_COMPLETE',
    betId: betIdOfUuid(bet.id),
    placedDate: betfairDate(bet.placedAt),
    averagePriceMatched: bet.avgPrice ?? 0,
    sizeMatched: sizeOfMoney(bet.matched),
  };
}
