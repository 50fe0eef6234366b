import type { JsonObject } from '../api-ng/json.ts';
import type { ApiNgParams } from '../api-ng/operation.ts';
import type { OrderDeps } from './deps.ts';
import { customerRefParam, instructionsParam, marketIdParam } from './instructions.ts';
import type { MarketFacts } from './market-facts.ts';
import {
  executionReport,
  failedInstruction,
  type ExecutionReport,
  type InstructionOutcome,
} from './reports.ts';

/** What every order operation reads first: the echoed customerRef and marketId, and the instructions. */
export type OrderRequest = {
  base: { customerRef?: string | undefined; marketId?: string | undefined };
  instructions: readonly JsonObject[];
};

/**
 * The request's common part, or the failed report Betfair gives for more instructions than the
 * operation takes. Malformed params throw INVALID_INPUT_DATA.
 */
export function readOrderRequest(
  params: ApiNgParams,
  rules: { maxInstructions: number; marketRequired: boolean; instructionsRequired: boolean },
): OrderRequest | ExecutionReport<never> {
  const marketId = marketIdParam(params, rules.marketRequired);
  const base = { customerRef: customerRefParam(params), marketId };
  const instructions = instructionsParam(params, rules.maxInstructions, rules.instructionsRequired);
  if (instructions === null) return executionReport(base, [], 'TOO_MANY_INSTRUCTIONS');
  return { base, instructions };
}

/** Whether a step answered the failed report instead of what the operation goes on with. */
export const isReport = <T extends object, Report extends InstructionOutcome>(
  value: T | ExecutionReport<Report>,
): value is ExecutionReport<Report> => 'status' in value && 'instructionReports' in value;

/**
 * The exchange market a request names, or the report failing it: an unknown market, or a house market
 * (not offered here), is INVALID_MARKET_ID with every instruction ERROR_IN_ORDER.
 */
export async function exchangeMarketOf<Instruction extends object>(
  deps: OrderDeps,
  request: OrderRequest,
  echoes: readonly Instruction[],
): Promise<
  MarketFacts | ExecutionReport<{ status: 'FAILURE'; errorCode: string; instruction: Instruction }>
> {
  const market = request.base.marketId === undefined ? null : await deps.markets.of(request.base.marketId);
  if (market && !market.housePriced) return market;
  return executionReport(
    request.base,
    echoes.map((instruction) => failedInstruction('ERROR_IN_ORDER', { instruction })),
    'INVALID_MARKET_ID',
  );
}
