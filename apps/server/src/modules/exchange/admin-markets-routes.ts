import {
  adminMarketDetailSchema,
  adminMarketsPageSchema,
  adminMarketsQuerySchema,
  feedIdSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Sql } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { reject, unwrap } from '../../platform/rejections.ts';
import { ALL_STAFF } from '../auth/index.ts';
import { isKnownSport } from '../sports/index.ts';
import { listAdminMarkets, readAdminMarket } from './admin-markets.ts';
import { betError } from './errors.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The console's markets (docs/decisions/0249): the list and one market's page; every staff role reads them. */
export function adminMarketsRoutes(db: Sql): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/markets',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          description:
            'Every exchange market in any state, latest start first, by sport, status and part of a name.',
          querystring: adminMarketsQuerySchema,
          response: { 200: adminMarketsPageSchema, ...errors },
        },
      },
      async (request) => {
        const { sport } = request.query;
        // A misspelt sport would list nothing and look like an empty sport.
        if (sport !== undefined && !(await isKnownSport(db, sport)))
          unwrap(reject('invalid', 'UNKNOWN_SPORT', `There is no sport "${sport}".`));
        return listAdminMarkets(db, request.query);
      },
    );

    app.get(
      '/api/admin/markets/:id',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          description: 'One market with its event, runners, stake limits and outcome.',
          params: z.object({ id: feedIdSchema }),
          response: { 200: adminMarketDetailSchema, ...errors },
        },
      },
      async (request) => (await readAdminMarket(db, request.params.id)) ?? unwrap(betError('UNKNOWN_MARKET')),
    );
  };
}
