import { adminBetsPageSchema, adminBetsQuerySchema } from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { ALL_STAFF } from '../auth/index.ts';
import { listAdminBets } from './admin-bets-repo.ts';

/** Every product's bets for the console (docs/decisions/0239); every staff role may read them. */
export function adminBetsRoutes(deps: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/bets',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          querystring: adminBetsQuerySchema,
          response: { 200: adminBetsPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listAdminBets(deps.db, request.query),
    );
  };
}
