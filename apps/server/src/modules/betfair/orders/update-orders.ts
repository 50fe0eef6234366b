import { asBetResult } from '../../exchange/index.ts';
import type { PlaceAnswer } from '../../exchange/index.ts';
import type { ApiNgCaller, ApiNgParams } from '../api-ng/operation.ts';
import type { OrderDeps } from './deps.ts';
import { betfairFailure } from './errors.ts';
import { betOfInstruction, MAX_INSTRUCTIONS, pick } from './instructions.ts';
import {
  executionReport,
  failedInstruction,
  type ExecutionReport,
  type UpdateInstructionReport,
} from './reports.ts';
import { exchangeMarketOf, isReport, readOrderRequest } from './request.ts';

/** updateOrders: what a resting bet does at the off, LAPSE or PERSIST (no starting price here). */
export async function updateOrders(
  deps: OrderDeps,
  caller: ApiNgCaller,
  params: ApiNgParams,
): Promise<ExecutionReport<UpdateInstructionReport>> {
  const request = readOrderRequest(params, {
    maxInstructions: MAX_INSTRUCTIONS.update,
    marketRequired: true,
    instructionsRequired: true,
  });
  if (isReport(request)) return request;
  const { base, instructions } = request;
  const echoes = instructions.map((one) => pick(one, ['betId', 'newPersistenceType']));
  const market = await exchangeMarketOf(deps, request, echoes);
  if (isReport(market)) return market;
  const reports: UpdateInstructionReport[] = [];
  for (const [index, instruction] of instructions.entries()) {
    const echo = echoes[index]!;
    const betId = betOfInstruction(instruction);
    const persistence = instruction.newPersistenceType;
    if (betId === null) reports.push(failedInstruction('INVALID_BET_ID', { instruction: echo }));
    else if (persistence !== 'LAPSE' && persistence !== 'PERSIST')
      reports.push(failedInstruction('INVALID_PERSISTENCE_TYPE', { instruction: echo }));
    else {
      const answer = asBetResult(
        await deps.exchange.run<PlaceAnswer>(market.id, {
          type: 'persist',
          playerId: caller.playerId,
          betId,
          persistence,
        }),
      );
      reports.push(
        answer.ok
          ? { status: 'SUCCESS', instruction: echo }
          : failedInstruction(betfairFailure(answer.code).code, { instruction: echo }),
      );
    }
  }
  return executionReport(base, reports);
}
