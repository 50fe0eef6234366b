import {
  lockParamsSchema,
  eventLockSchema,
  lockMarketRequestSchema,
  marketBookParamsSchema,
  marketLockSchema,
  marketLocksQuerySchema,
  marketLocksSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap } from '../../platform/rejections.ts';
import { actorOf } from '../audit/index.ts';
import { ALL_STAFF, PLAYER_DESK } from '../auth/index.ts';
import { callerOf, type AgentsDeps } from './agents-service.ts';
import { lockEvent, lockMarket, marketLocks } from './market-lock-service.ts';

const tags = ['admin'];
const lockResponses = errorResponses(400, 401, 403, 404);

/** A lock's route: desk staff and agents, the market's or event's id, the lock's request and answer. */
const lockRoute = <Answer extends ZodType>(description: string, answer: Answer) =>
  ({
    config: { roles: PLAYER_DESK, agents: true },
    schema: {
      tags,
      description,
      params: lockParamsSchema,
      body: lockMarketRequestSchema,
      response: { 200: answer, ...lockResponses },
    },
  }) as const;

/**
 * Bet locks an agent sets for its subtree (docs/decisions/0292, 0300): on one market, or on every market
 * of an event, each for the agent's own subtree or an account's below it; desk staff for any account.
 */
export function agentLockRoutes(deps: AgentsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/admin/markets/:id/lock',
      lockRoute("Locks or unlocks betting on the market for the account's subtree.", marketLockSchema),
      async (request) =>
        unwrap(await lockMarket(deps, callerOf(request), request.params.id, request.body, actorOf(request))),
    );

    app.post(
      '/api/admin/events/:id/lock',
      lockRoute(
        "Locks or unlocks betting on every market of the event for the account's subtree.",
        eventLockSchema,
      ),
      async (request) =>
        unwrap(await lockEvent(deps, callerOf(request), request.params.id, request.body, actorOf(request))),
    );

    app.get(
      '/api/admin/markets/:id/lock',
      {
        config: { roles: ALL_STAFF, agents: true },
        schema: {
          tags,
          description:
            "The account's own locks on the market and on its event (the calling agent's by default).",
          params: marketBookParamsSchema,
          querystring: marketLocksQuerySchema,
          response: { 200: marketLocksSchema, ...lockResponses },
        },
      },
      async (request) =>
        unwrap(await marketLocks(deps.db, callerOf(request), request.params.id, request.query)),
    );
  };
}
