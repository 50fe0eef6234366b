import {
  feedIdSchema,
  marketMirrorSchema,
  mirrorCapBodySchema,
  type AmountInput,
  type MarketMirror,
} from '@backlay/contracts';
import { MAX_STAKE_MINOR } from '@backlay/exchange';
import { formatMinor, parseAmountMinor } from '@backlay/ledger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Sql } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { ok, reject, transactionResult, unwrap, type Result } from '../../platform/rejections.ts';
import { actorOf, recordAudit, type AuditActor } from '../audit/index.ts';
import { ALL_STAFF, TRADING } from '../auth/index.ts';
import { lockMarketStatus, marketExists } from '../sports/index.ts';
import { asBetResult, betError } from './errors.ts';
import type { ExchangeService } from './exchange-service.ts';
import { readMirror, saveMirrorCap } from './mirror-store.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const params = z.object({ id: feedIdSchema });

/**
 * A mirrored market's house liability cap (docs/decisions/0271): every staff role reads it, an owner or
 * a trader sets it, audited in the transaction of the change; the market's unit re-sizes its quotes at
 * once and keeps the cap through a restart.
 */
export function mirrorAdminRoutes(exchange: ExchangeService): FastifyPluginAsyncZod {
  const { db } = exchange.deps;
  const defaultCapMinor = exchange.ctx.maker.mirror.liabilityCapMinor;
  const view = async (sql: Sql, marketId: string): Promise<MarketMirror> => {
    const row = await readMirror(sql, marketId);
    return {
      marketId,
      mirrored: row.mirrored,
      liabilityCap: formatMinor(row.capMinor ?? defaultCapMinor),
      defaultCap: row.capMinor === null,
    };
  };
  return async (app) => {
    app.get(
      '/api/admin/markets/:id/mirror',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          description: "Whether the market follows a source's prices, and the house's liability cap on it.",
          params,
          response: { 200: marketMirrorSchema, ...errors },
        },
      },
      async (request) => {
        if (!(await marketExists(db, request.params.id))) unwrap(betError('UNKNOWN_MARKET'));
        return view(db, request.params.id);
      },
    );

    app.patch(
      '/api/admin/markets/:id/mirror',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['admin'],
          description:
            "Sets the house's liability cap on the market; its quotes of the source's prices are sized within it at once.",
          params,
          body: mirrorCapBodySchema,
          response: { 200: marketMirrorSchema, ...errors },
        },
      },
      async (request) => {
        const marketId = request.params.id;
        const capMinor = unwrap(liabilityCapOf(request.body.liabilityCap));
        unwrap(await saveCap(marketId, capMinor, actorOf(request)));
        const liabilityCapMinor = capMinor.toString();
        unwrap(asBetResult(await exchange.run(marketId, { type: 'mirrorCap', liabilityCapMinor })));
        await exchange.idle();
        return view(db, marketId);
      },
    );
  };

  function saveCap(marketId: string, capMinor: bigint, actor: AuditActor): Promise<Result<null>> {
    return transactionResult(db, async (tx) => {
      const status = await lockMarketStatus(tx, marketId);
      if (status === undefined) return betError('UNKNOWN_MARKET');
      if (status !== 'OPEN' && status !== 'SUSPENDED')
        return betError('MARKET_CLOSED', 'Only an open or suspended market takes a new liability cap.');
      const before = await view(tx, marketId);
      await saveMirrorCap(tx, marketId, capMinor);
      await recordAudit(tx, actor, {
        action: 'market mirror cap',
        target: `market:${marketId}`,
        before: { liabilityCap: before.liabilityCap, defaultCap: before.defaultCap },
        after: { liabilityCap: formatMinor(capMinor), defaultCap: false },
      });
      return ok(null);
    });
  }
}

function liabilityCapOf(input: AmountInput): Result<bigint> {
  const parsed = parseAmountMinor(input, { maxMinor: MAX_STAKE_MINOR });
  if (parsed.ok) return ok(parsed.amountMinor);
  return reject('invalid', 'INVALID_LIABILITY_CAP', `liabilityCap: ${parsed.message}`);
}
