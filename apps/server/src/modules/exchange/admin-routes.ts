import {
  createEventBodySchema,
  createdEventSchema,
  feedIdSchema,
  marketSchema,
  positionsSchema,
  settleBodySchema,
  stakeLimitsBodySchema,
  voidBodySchema,
  type CreateEventBody,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/error-responses.ts';
import { ok, reject, transactionResult, unwrap, type Result } from '../../platform/rejections.ts';
import { transaction } from '../../platform/transaction.ts';
import { actorOf, recordAudit, type AuditActor } from '../audit/index.ts';
import { ALL_STAFF, TRADING } from '../auth/index.ts';
import {
  hasResult,
  insertCustomEvent,
  isKnownSport,
  lockMarketStatus,
  publishNewMarkets,
  readMarketsById,
  readMarketType,
  recordResult,
  setMarketStatus,
  type CustomEvent,
  type OperatorResult,
} from '../sports/index.ts';
import { inRequestOrder } from './admin-events.ts';
import { adminMarketsRoutes } from './admin-markets-routes.ts';
import { exchangeCorrectionRoutes, operatorResult } from './admin-corrections.ts';
import { changeStakeLimits } from './admin-stake-limits.ts';
import { asBetResult, betError } from './errors.ts';
import type { ExchangeService } from './exchange-service.ts';
import { mirrorAdminRoutes } from './mirror-admin.ts';
import { readPositions } from './positions.ts';
import { DEFAULT_STAKE_LIMITS, stakeLimitsFrom } from './stake-limits.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const params = z.object({ id: feedIdSchema });

/** The operator's hand on the exchange: custom events, suspend/resume, void and settle. */
export function exchangeAdminRoutes(
  exchange: ExchangeService,
  commissionPercent: number,
): FastifyPluginAsyncZod {
  const { db } = exchange.deps;
  const marketNow = async (marketId: string) => {
    await exchange.idle();
    const [market] = await readMarketsById(db, [marketId]);
    return market ?? unwrap(betError('UNKNOWN_MARKET'));
  };
  const syncThen = async (marketId: string) => {
    unwrap(asBetResult(await exchange.run(marketId, { type: 'sync' })));
    return marketNow(marketId);
  };
  return async (app) => {
    await app.register(adminMarketsRoutes(db));
    await app.register(mirrorAdminRoutes(exchange));
    app.post(
      '/api/admin/events',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['admin'],
          body: createEventBodySchema,
          response: {
            201: createdEventSchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        if (!(await isKnownSport(db, request.body.sport)))
          unwrap(reject('invalid', 'UNKNOWN_SPORT', 'There is no such sport.'));
        const event = unwrap(withStakeLimits(request.body));
        const created = await transaction(db, async (tx) => {
          const inserted = await insertCustomEvent(tx, event, commissionPercent);
          const after = { sport: event.sport, name: event.name, markets: inserted.marketIds };
          await recordAudit(tx, actorOf(request), {
            action: 'event create',
            target: `event:${inserted.eventId}`,
            after,
          });
          return inserted;
        });
        exchange.marketsChanged(created.marketIds);
        publishNewMarkets(exchange.deps.streams, created.marketIds).catch((error: unknown) =>
          exchange.deps.log?.error({ err: error }, 'exchange: announcing new markets failed'),
        );
        return reply.code(201).send({
          eventId: created.eventId,
          markets: inRequestOrder(await readMarketsById(db, created.marketIds), created.marketIds),
        });
      },
    );

    for (const [action, status] of [
      ['suspend', 'SUSPENDED'],
      ['resume', 'OPEN'],
    ] as const) {
      app.post(
        `/api/admin/markets/:id/${action}`,
        {
          config: { roles: TRADING },
          schema: { tags: ['admin'], params, response: { 200: marketSchema, ...errors } },
        },
        async (request) => {
          const marketId = request.params.id;
          const changed = await transactionResult(db, async (tx) => {
            const before = await lockMarketStatus(tx, marketId);
            if (before === undefined) return betError('UNKNOWN_MARKET');
            if (!(await setMarketStatus(tx, marketId, status)))
              return betError('MARKET_CLOSED', 'Only an open or suspended market can change like this.');
            const change = { before: { status: before }, after: { status } };
            await recordAudit(tx, actorOf(request), {
              action: `market ${action}`,
              target: `market:${marketId}`,
              ...change,
            });
            return ok(null);
          });
          unwrap(changed);
          return syncThen(request.params.id);
        },
      );
    }

    app.patch(
      '/api/admin/markets/:id',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['admin'],
          description: 'Sets the smallest and largest stake of one bet on the market; bets use them at once.',
          params,
          body: stakeLimitsBodySchema,
          response: { 200: marketSchema, ...errors },
        },
      },
      async (request) => {
        unwrap(await changeStakeLimits(db, request.params.id, request.body, actorOf(request)));
        const market = await syncThen(request.params.id);
        // The book may not change, so nothing else would tell the market's subscribers.
        exchange.marketUpdates.changed(new Set([request.params.id]));
        return market;
      },
    );

    app.get(
      '/api/admin/markets/:id/positions',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          description:
            "The players' profit or loss if each runner wins, in all and per player (the house's is its negation).",
          params,
          response: { 200: positionsSchema, ...errors },
        },
      },
      async (request) => (await readPositions(db, request.params.id)) ?? unwrap(betError('UNKNOWN_MARKET')),
    );

    app.post(
      '/api/admin/markets/:id/void',
      {
        config: { roles: TRADING },
        schema: { tags: ['admin'], params, body: voidBodySchema, response: { 200: marketSchema, ...errors } },
      },
      async (request) => {
        await closeWith(request.params.id, { kind: 'VOID' }, actorOf(request), request.body.reason);
        return syncThen(request.params.id);
      },
    );

    app.post(
      '/api/admin/markets/:id/settle',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['admin'],
          params,
          body: settleBodySchema,
          response: { 200: marketSchema, ...errors },
        },
      },
      async (request) => {
        const marketId = request.params.id;
        const type = await readMarketType(db, marketId);
        if (type === undefined) unwrap(betError('UNKNOWN_MARKET'));
        const result = await operatorResult(db, type!, marketId, request.body);
        await closeWith(marketId, result, actorOf(request), request.body.reason);
        return syncThen(marketId);
      },
    );

    await app.register(exchangeCorrectionRoutes(exchange));
  };

  async function closeWith(
    marketId: string,
    result: OperatorResult,
    actor: AuditActor,
    why: string | undefined,
  ): Promise<void> {
    await transaction(db, async (tx) => {
      const status = await lockMarketStatus(tx, marketId);
      if (status === undefined) unwrap(betError('UNKNOWN_MARKET'));
      // A result stands once given: changing it is a re-settlement, with its reversal (0242).
      if (await hasResult(tx, marketId)) unwrap(alreadyDecided());
      await recordResult(tx, marketId, result);
      await setMarketStatus(tx, marketId, 'CLOSED');
      const action = result.kind === 'VOID' ? 'market void' : 'market settle';
      const change = { before: { status }, after: result, reason: why ?? null };
      await recordAudit(tx, actor, { action, target: `market:${marketId}`, ...change });
    });
  }
}

const alreadyDecided = () =>
  reject(
    'conflict',
    'MARKET_ALREADY_DECIDED',
    'This market already has a result; re-settle it to change the result.',
  );

/** The event with each market's stake limits: the operator's where given, the exchange terms otherwise. */
function withStakeLimits(body: CreateEventBody): Result<CustomEvent> {
  const markets: CustomEvent['markets'] = [];
  for (const market of body.markets) {
    const stakeLimits = stakeLimitsFrom(market, DEFAULT_STAKE_LIMITS);
    if (!stakeLimits.ok) return stakeLimits;
    markets.push({ ...market, stakeLimits: stakeLimits.value });
  }
  return ok({ ...body, markets });
}
