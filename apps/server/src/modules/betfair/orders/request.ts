import type { OrderDeps } from './deps.ts';
import { customerRefParam, instructionsParam, marketIdParam, type Params } from './instructions.ts';
import type { MarketFacts } from './market-facts.ts';
import { executionReport, failedInstruction, type ExecutionReport } from './reports.ts';

type Json = Record<string, unknown>;

/** What every order operation reads first: the echoed customerRef and marketId, and the instructions. */
export type OrderRequest = {
  base: { customerRef?: string | undefined; marketId?: string | undefined };
  instructions: Json[];
};

/**
 * The request's common part, or the failed report Betfair gives for more instructions than the
 * operation takes. Malformed params throw INVALID_INPUT_DATA.
 */
export function readOrderRequest(
  params: Params,
  rules: { maxInstructions: number; marketRequired: boolean; instructionsRequired: boolean },
): OrderRequest | ExecutionReport {
  const marketId = marketIdParam(params, rules.marketRequired);
  const base = { customerRef: customerRefParam(params), marketId };
  const instructions = instructionsParam(params, rules.maxInstructions, rules.instructionsRequired);
  if (instructions === null) return executionReport(base, [], 'TOO_MANY_INSTRUCTIONS');
  return { base, instructions };
}

/** Whether a step answered the failed report instead of what the operation goes on with. */
export const isReport = <T extends object>(value: T | ExecutionReport): value is ExecutionReport =>
  'status' in value && 'instructionReports' in value;

/**
 * The exchange market a request names, or the report failing it: an unknown market, or a house market
 * (not offered here), is INVALID_MARKET_ID with every instruction ERROR_IN_ORDER.
 */
export async function exchangeMarketOf(
  deps: OrderDeps,
  request: OrderRequest,
  echoes: readonly Json[],
): Promise<MarketFacts | ExecutionReport> {
  const market = request.base.marketId === undefined ? null : await deps.markets.of(request.base.marketId);
  if (market && !market.housePriced) return market;
  return executionReport(
    request.base,
    echoes.map((instruction) => failedInstruction('ERROR_IN_ORDER', { instruction })),
    'INVALID_MARKET_ID',
  );
}
