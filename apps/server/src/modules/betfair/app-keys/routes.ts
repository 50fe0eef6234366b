import {
  apiAccessRequestSchema,
  apiAccessResponseSchema,
  appKeyParamsSchema,
  appKeySchema,
  appKeysResponseSchema,
  createAppKeyRequestSchema,
  MAX_APP_KEYS,
  playerIdParamsSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { conflict, forbidden, HttpError } from '../../../lib/http-errors.ts';
import { errorResponses } from '../../../platform/error-responses.ts';
import { transaction } from '../../../platform/transaction.ts';
import { actorOf, recordAudit } from '../../audit/index.ts';
import { PLAYER_DESK, requireUser, setApiAccess } from '../../auth/index.ts';
import type { KeyRing } from './key-ring.ts';
import { insertKey, listLiveKeys, revokeKey } from './keys-repo.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

export const TOO_MANY_APP_KEYS = `You can hold at most ${MAX_APP_KEYS} app keys. Revoke one you no longer use.`;

/** The player's own keys (`/api/me/app-keys`) and the operator's switch of a player's API access. */
export function appKeyRoutes(deps: { db: Database }, ring: KeyRing): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/me/app-keys',
      { schema: { tags: ['trading-api'], response: { 200: appKeysResponseSchema, ...errors } } },
      async (request) => ({ items: await listLiveKeys(deps.db, playerOf(request)) }),
    );

    app.post(
      '/api/me/app-keys',
      {
        schema: {
          tags: ['trading-api'],
          body: createAppKeyRequestSchema,
          response: { 201: appKeySchema, ...errors },
        },
      },
      async (request, reply) => {
        const playerId = playerOf(request);
        const key = await transaction(deps.db, (tx) =>
          insertKey(tx, playerId, request.body.name, MAX_APP_KEYS),
        );
        if (!key) throw conflict(TOO_MANY_APP_KEYS, 'TOO_MANY_APP_KEYS');
        await ring.changed(playerId);
        return reply.code(201).send(key);
      },
    );

    app.delete(
      '/api/me/app-keys/:appKey',
      {
        schema: {
          tags: ['trading-api'],
          params: appKeyParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const playerId = playerOf(request);
        if (!(await revokeKey(deps.db, playerId, request.params.appKey)))
          throw new HttpError(404, 'No such app key.', 'APP_KEY_NOT_FOUND');
        await ring.changed(playerId);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/admin/players/:id/api-access',
      {
        config: { roles: PLAYER_DESK },
        schema: {
          tags: ['admin'],
          params: playerIdParamsSchema,
          body: apiAccessRequestSchema,
          response: { 200: apiAccessResponseSchema, ...errors },
        },
      },
      async (request) => {
        const playerId = request.params.id;
        const { enabled, reason } = request.body;
        const actor = actorOf(request);
        const found = await transaction(deps.db, async (tx) => {
          const before = await setApiAccess(tx, playerId, enabled);
          if (!before) return false;
          const change = { before: { apiAccess: before.enabledBefore }, after: { apiAccess: enabled } };
          await recordAudit(tx, actor, {
            action: 'player api access',
            target: `player:${playerId}`,
            ...change,
            reason,
          });
          return true;
        });
        if (!found) throw new HttpError(404, 'Player not found.', 'PLAYER_NOT_FOUND');
        await ring.changed(playerId);
        return { playerId, enabled };
      },
    );
  };
}

/** Keys are players' own: staff accounts trade through the console, not the API. */
function playerOf(request: Parameters<typeof requireUser>[0]): string {
  const user = requireUser(request);
  if (user.role !== 'player') throw forbidden('Only players hold app keys.');
  return user.id;
}
