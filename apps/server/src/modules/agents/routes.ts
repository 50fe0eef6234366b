import {
  accountIdParamsSchema,
  agentResponseSchema,
  chipsRequestSchema,
  settlementRequestSchema,
  downlineItemSchema,
  updateAccountRequestSchema,
  createAgentRequestSchema,
  downlineQuerySchema,
  downlineResponseSchema,
  marketBookParamsSchema,
  marketBookQuerySchema,
  marketBookSchema,
  bookedMarketsSchema,
  lockAccountRequestSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap } from '../../platform/rejections.ts';
import { actorOf } from '../audit/index.ts';
import { ALL_STAFF, OWNER_ONLY, PLAYER_DESK } from '../auth/index.ts';
import { callerOf, createAgent, type AgentsDeps } from './agents-service.ts';
import { updateAccount } from './account-service.ts';
import { moveChips } from './chips-service.ts';
import { settleWithChild } from './settlement-service.ts';
import { lockAccount } from './lock-service.ts';
import { downline } from './downline-service.ts';
import { marketBook } from './market-book-service.ts';
import { bookedMarkets } from './booked-markets.ts';
import { agentLockRoutes } from './lock-routes.ts';
import { agentReportRoutes } from './report-routes.ts';

const tags = ['admin'];

/**
 * The agent network (docs/decisions/0287): the owner and agents create agents, staff and agents read
 * a downline, a parent moves chips to and from its direct child (docs/decisions/0288), any ancestor
 * locks an account's subtree (0290), and an agent locks a market or an event for its subtree (0292,
 * 0300: lock-routes.ts). Every route is open to agents, each scoped to the agent's own subtree.
 */
export function agentsRoutes(deps: AgentsDeps & { readDb: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(agentReportRoutes(deps));
    await app.register(agentLockRoutes(deps));
    app.post(
      '/api/admin/agents',
      {
        config: { roles: OWNER_ONLY, agents: true },
        schema: {
          tags,
          body: createAgentRequestSchema,
          response: { 201: agentResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const agent = unwrap(await createAgent(deps, callerOf(request), request.body, actorOf(request)));
        return reply.code(201).send({ agent });
      },
    );

    app.get(
      '/api/admin/downline',
      {
        config: { roles: ALL_STAFF, agents: true },
        schema: {
          tags,
          querystring: downlineQuerySchema,
          response: { 200: downlineResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => unwrap(await downline(deps.db, callerOf(request), request.query)),
    );

    app.post(
      '/api/admin/accounts/:id/chips',
      {
        config: { roles: OWNER_ONLY, agents: true },
        schema: {
          tags,
          params: accountIdParamsSchema,
          body: chipsRequestSchema,
          response: { 200: downlineItemSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        unwrap(await moveChips(deps, callerOf(request), request.params.id, request.body, actorOf(request))),
    );

    app.post(
      '/api/admin/accounts/:id/settlements',
      {
        config: { roles: OWNER_ONLY, agents: true },
        schema: {
          tags,
          params: accountIdParamsSchema,
          body: settlementRequestSchema,
          response: { 201: downlineItemSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const item = unwrap(
          await settleWithChild(deps, callerOf(request), id, request.body, actorOf(request)),
        );
        return reply.code(201).send(item);
      },
    );

    app.patch(
      '/api/admin/accounts/:id',
      {
        config: { roles: OWNER_ONLY, agents: true },
        schema: {
          tags,
          params: accountIdParamsSchema,
          body: updateAccountRequestSchema,
          response: { 200: downlineItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        unwrap(
          await updateAccount(deps, callerOf(request), request.params.id, request.body, actorOf(request)),
        ),
    );

    app.get(
      '/api/admin/markets/:id/book',
      {
        config: { roles: ALL_STAFF, agents: true },
        schema: {
          tags,
          description:
            "The subtree's players' result if each runner wins and the account's part of it at its share.",
          params: marketBookParamsSchema,
          querystring: marketBookQuerySchema,
          response: { 200: marketBookSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        unwrap(await marketBook(deps.db, callerOf(request), request.params.id, request.query)),
    );

    app.get(
      '/api/admin/downline/markets',
      {
        config: { roles: ALL_STAFF, agents: true },
        schema: {
          tags,
          description: "Markets not yet settled where the account's subtree has bets, most matched first.",
          querystring: marketBookQuerySchema,
          response: { 200: bookedMarketsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => unwrap(await bookedMarkets(deps.db, callerOf(request), request.query)),
    );

    app.post(
      '/api/admin/accounts/:id/lock',
      {
        config: { roles: PLAYER_DESK, agents: true },
        schema: {
          tags,
          params: accountIdParamsSchema,
          body: lockAccountRequestSchema,
          response: { 200: downlineItemSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        unwrap(await lockAccount(deps, callerOf(request), request.params.id, request.body, actorOf(request))),
    );
  };
}
