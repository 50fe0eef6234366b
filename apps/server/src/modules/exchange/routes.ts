import { randomUUID } from 'node:crypto';
import {
  betResponseSchema,
  betsQuerySchema,
  betsResponseSchema,
  cashOutQuoteSchema,
  cashOutResponseSchema,
  feedIdSchema,
  idSchema,
  meBalanceSchema,
  placeBetBodySchema,
} from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap, type Result } from '../../platform/rejections.ts';
import { requireUser } from '../auth/index.ts';
import { findBet, readPlayerBets } from './bets-read.ts';
import type { CashOutAnswer } from './cash-out.ts';
import { asBetResult, betError } from './errors.ts';
import type { ExchangeService } from './exchange-service.ts';
import { placeRequest } from './place-request.ts';

const errors = errorResponses(400, 401, 404, 409, 422, 503);
const marketParams = z.object({ id: feedIdSchema });

/** The player's side of the exchange: bets, cancels, cash out, balance with exposure. */
export function exchangeRoutes(exchange: ExchangeService, readDb: Database): FastifyPluginAsyncZod {
  const { db, wallet } = exchange.deps;
  return async (app) => {
    app.post(
      '/api/bets',
      {
        schema: {
          tags: ['exchange'],
          body: placeBetBodySchema,
          response: { 200: betResponseSchema, 201: betResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const answer = unwrap(await placeRequest(exchange, requireUser(request).id, request.body));
        const notice = answer.selfMatched
          ? { code: 'SELF_MATCH' as const, message: betError('SELF_MATCH').message }
          : undefined;
        return reply
          .code(answer.replayed ? 200 : 201)
          .send({ bet: answer.bet, ...(notice ? { notice } : {}) });
      },
    );

    app.delete(
      '/api/bets/:id',
      {
        schema: {
          tags: ['exchange'],
          params: z.object({ id: idSchema }),
          response: { 200: betResponseSchema, ...errors },
        },
      },
      async (request) => {
        const playerId = requireUser(request).id;
        const bet = await findBet(db, playerId, request.params.id);
        if (!bet) return unwrap(betError('BET_NOT_FOUND'));
        const answer = unwrap(
          asBetResult(
            await exchange.run<{ bet: z.infer<typeof betResponseSchema>['bet'] }>(bet.marketId, {
              type: 'cancel',
              playerId,
              betId: bet.id,
            }),
          ),
        );
        return { bet: answer.bet };
      },
    );

    app.get(
      '/api/bets',
      {
        schema: {
          tags: ['exchange'],
          querystring: betsQuerySchema,
          response: { 200: betsResponseSchema, ...errors },
        },
      },
      // Settled bets are the player's history, read on `readDb`; open ones, which the player cancels or
      // has just placed, on the primary (docs/decisions/0308).
      async (request) => ({
        bets: await readPlayerBets(
          request.query.status === 'settled' ? readDb : db,
          requireUser(request).id,
          request.query,
        ),
      }),
    );

    app.get(
      '/api/me/balance',
      { schema: { tags: ['exchange'], response: { 200: meBalanceSchema, ...errors } } },
      async (request) => {
        const balances = await wallet.balances(requireUser(request).id);
        return {
          balance: formatMinor(balances?.cashMinor ?? 0n),
          exposure: formatMinor(balances?.exposureMinor ?? 0n),
        };
      },
    );

    app.post(
      '/api/markets/:id/cash-out',
      {
        schema: {
          tags: ['exchange'],
          params: marketParams,
          response: { 200: cashOutResponseSchema, ...errors },
        },
      },
      async (request) => {
        const answer = unwrap(
          asBetResult(await cashOutCommand(exchange, requireUser(request).id, request.params.id, false)),
        );
        return { bet: answer.bet!, profitIfWin: answer.profitIfWin, profitIfLose: answer.profitIfLose };
      },
    );

    app.get(
      '/api/markets/:id/cash-out',
      {
        schema: {
          tags: ['exchange'],
          params: marketParams,
          response: { 200: cashOutQuoteSchema, ...errors },
        },
      },
      async (request) => {
        const result = asBetResult(
          await cashOutCommand(exchange, requireUser(request).id, request.params.id, true),
        );
        if (!result.ok && result.code === 'NOTHING_TO_CASH_OUT') return noCashOut();
        const answer = unwrap(result);
        return {
          available: true,
          runnerId: null,
          side: null,
          price: null,
          stake: null,
          profit: answer.profit,
        };
      },
    );
  };
}

const noCashOut = () => ({
  available: false,
  runnerId: null,
  side: null,
  price: null,
  stake: null,
  profit: null,
});

function cashOutCommand(
  exchange: ExchangeService,
  playerId: string,
  marketId: string,
  quoteOnly: boolean,
): Promise<Result<CashOutAnswer>> {
  const betIds = quoteOnly ? [] : Array.from({ length: 24 }, () => randomUUID());
  return exchange.run<CashOutAnswer>(marketId, { type: 'cashOut', playerId, betIds, quoteOnly });
}
