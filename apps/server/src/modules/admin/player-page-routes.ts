import {
  playerDetailSchema,
  playerIdParamsSchema,
  playerStatementPageSchema,
  playerStatementQuerySchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap } from '../../platform/rejections.ts';
import { ALL_STAFF } from '../auth/index.ts';
import { readPlayerDetail, readPlayerStatement, type PlayerDetailDeps } from './player-detail.ts';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The back office's player page (docs/decisions/0248), for every staff role: the account, its money,
 * protection, live sessions and sign-ins, and its statement. The player's bets are `GET /api/admin/bets?player=`.
 */
export function playerPageRoutes(deps: PlayerDetailDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/players/:id',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          params: playerIdParamsSchema,
          response: { 200: playerDetailSchema, ...errors },
        },
      },
      async (request) => unwrap(await readPlayerDetail(deps, request.params.id)),
    );

    app.get(
      '/api/admin/players/:id/statement',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          params: playerIdParamsSchema,
          querystring: playerStatementQuerySchema,
          response: { 200: playerStatementPageSchema, ...errors },
        },
      },
      async (request) => unwrap(await readPlayerStatement(deps, request.params.id, request.query)),
    );
  };
}
