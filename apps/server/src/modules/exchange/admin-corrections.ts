import {
  betVoidParamsSchema,
  feedIdSchema,
  marketSchema,
  resettleBodySchema,
  voidBodySchema,
  voidedBetSchema,
  type MarketOutcomeBody,
  type VoidedBet,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Sql } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { reject, unwrap } from '../../platform/rejections.ts';
import { actorOf } from '../audit/index.ts';
import { TRADING } from '../auth/index.ts';
import { hasRunner, readMarketsById, readMarketType, type OperatorResult } from '../sports/index.ts';
import { notVoidableHere, productOfBet } from './bet-void.ts';
import { asBetResult, betError } from './errors.ts';
import type { ExchangeService } from './exchange-service.ts';
import { LINE_TYPES } from './market-unit.ts';
import type { MarketOutcome } from './settle.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const params = z.object({ id: feedIdSchema });

/** The operator's corrections after the fact: a market re-settled (0242), one bet voided (0243). */
export function exchangeCorrectionRoutes(exchange: ExchangeService): FastifyPluginAsyncZod {
  const { db } = exchange.deps;
  return async (app) => {
    app.post(
      '/api/admin/markets/:id/resettle',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['admin'],
          description:
            'Settles a settled or void market again on a new outcome: the earlier postings are reversed and the new ones posted, once (docs/decisions/0242).',
          params,
          body: resettleBodySchema,
          response: { 200: marketSchema, ...errors },
        },
      },
      async (request) => {
        const marketId = request.params.id;
        const type = await readMarketType(db, marketId);
        if (type === undefined) unwrap(betError('UNKNOWN_MARKET'));
        const outcome = outcomeOf(await operatorResult(db, type!, marketId, request.body));
        const command = {
          type: 'resettle',
          outcome,
          actor: actorOf(request),
          reason: request.body.reason,
        } as const;
        unwrap(asBetResult(await exchange.run(marketId, command)));
        await exchange.idle();
        const [answer] = await readMarketsById(db, [marketId]);
        return answer ?? unwrap(betError('UNKNOWN_MARKET'));
      },
    );

    app.post(
      '/api/admin/bets/:id/void',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['admin'],
          description:
            'Voids one exchange bet where that is exact: against the house, or unmatched (docs/decisions/0243).',
          params: betVoidParamsSchema,
          body: voidBodySchema,
          response: { 200: voidedBetSchema, ...errors },
        },
      },
      async (request) => {
        const betId = request.params.id;
        const found = await productOfBet(db, betId);
        if (!found) return unwrap(betError('BET_NOT_FOUND'));
        if (found.product !== 'exchange') return unwrap(notVoidableHere(found.product));
        const command = {
          type: 'voidBet',
          betId,
          actor: actorOf(request),
          reason: request.body.reason,
        } as const;
        return unwrap(asBetResult(await exchange.run<VoidedBet>(found.marketId, command)));
      },
    );
  };
}

/**
 * The operator's result as sent: a line market's final value, or a runner market's winner (which must
 * be one of its runners).
 */
export async function operatorResult(
  db: Sql,
  type: string,
  marketId: string,
  body: MarketOutcomeBody,
): Promise<OperatorResult> {
  const line = LINE_TYPES.has(type);
  if ('result' in body) {
    if (!line)
      unwrap(reject('invalid', 'WINNER_REQUIRED', 'This market settles on a winner: send {winnerRunnerId}.'));
    return { kind: 'LINE', value: body.result };
  }
  if (line)
    unwrap(reject('invalid', 'RESULT_REQUIRED', 'A line market settles on its final value: send {result}.'));
  if (!(await hasRunner(db, marketId, body.winnerRunnerId))) unwrap(betError('UNKNOWN_RUNNER'));
  return { kind: 'WINNER', winnerRunnerId: body.winnerRunnerId };
}

/** The exchange's outcome for the operator's result. */
function outcomeOf(result: OperatorResult): MarketOutcome {
  if (result.kind === 'WINNER') return { kind: 'WINNER', runnerId: result.winnerRunnerId };
  if (result.kind === 'WINNERS') return { kind: 'WINNERS', runnerIds: result.winnerRunnerIds };
  return result;
}
