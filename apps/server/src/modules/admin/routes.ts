import {
  betLockRequestSchema,
  maxStakeRequestSchema,
  cashDeskRequestSchema,
  cashDeskResponseSchema,
  createPlayerRequestSchema,
  createPlayerResponseSchema,
  listPlayersQuerySchema,
  listPlayersResponseSchema,
  playerIdParamsSchema,
  playerStatusRequestSchema,
  playerStatusResponseSchema,
} from '@backlay/contracts';
import { checkKey, formatMinor } from '@backlay/ledger';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/http-errors.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { actorOf } from '../audit/index.ts';
import { ALL_STAFF, PLAYER_DESK, requireUser } from '../auth/index.ts';
import { unwrap } from '../../platform/rejections.ts';
import {
  capStake,
  changeStatus,
  createPlayer,
  lockBetting,
  moveCash,
  type AdminDeps,
} from './admin-service.ts';
import { listPlayers } from './players-repo.ts';
import type { PlayerDetailDeps } from './player-detail.ts';
import { playerPageRoutes } from './player-page-routes.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

// Room for the `desk:` namespace inside the ledger's 128-character key limit.
const MAX_CLIENT_KEY_CHARS = 120;

/** `Idempotency-Key` header → ledger key in the cash desk's namespace; absent → the service makes one. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > MAX_CLIENT_KEY_CHARS || checkKey(key)) {
    throw badRequest('Idempotency-Key must be 1 to 120 printable characters without spaces.', 'INVALID_KEY');
  }
  return `desk:${key}`;
}

/**
 * The operator's cash desk: reading for every staff role, changes for support and the owner; anyone
 * else gets 403 before validation (auth/staff-gate.ts).
 */
export type { AdminDeps } from './admin-service.ts';

export function adminRoutes(deps: AdminDeps & PlayerDetailDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(playerPageRoutes(deps));
    app.get(
      '/api/admin/players',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          querystring: listPlayersQuerySchema,
          response: { 200: listPlayersResponseSchema, ...errors },
        },
      },
      async (request) => listPlayers(deps.db, request.query),
    );

    app.post(
      '/api/admin/players',
      {
        // Agents create players in their own subtree (docs/decisions/0288).
        config: { roles: PLAYER_DESK, agents: true },
        schema: {
          tags: ['admin'],
          body: createPlayerRequestSchema,
          response: { 201: createPlayerResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const caller = { id: user.id, isAgent: user.role === 'agent' };
        const player = unwrap(await createPlayer(deps, caller, request.body, actorOf(request)));
        return reply.code(201).send({ player });
      },
    );

    for (const kind of ['deposit', 'withdraw'] as const) {
      app.post(
        `/api/admin/players/:id/${kind}`,
        {
          config: { roles: PLAYER_DESK },
          schema: {
            tags: ['admin'],
            params: playerIdParamsSchema,
            body: cashDeskRequestSchema,
            response: { 200: cashDeskResponseSchema, ...errors },
          },
        },
        async (request) => {
          const idempotencyKey = idempotencyKeyOf(request);
          const input = { playerId: request.params.id, ...request.body, idempotencyKey };
          const outcome = unwrap(await moveCash(deps, kind, input, actorOf(request)));
          return {
            balance: formatMinor(outcome.cashMinor),
            exposure: formatMinor(outcome.exposureMinor),
            transferId: String(outcome.transferId),
            replayed: outcome.replayed,
          };
        },
      );
    }

    app.post(
      '/api/admin/players/:id/bet-lock',
      {
        config: { roles: PLAYER_DESK },
        schema: {
          tags: ['admin'],
          params: playerIdParamsSchema,
          body: betLockRequestSchema,
          response: { 200: playerStatusResponseSchema, ...errors },
        },
      },
      async (request) => ({
        player: unwrap(await lockBetting(deps, request.params.id, request.body.locked, actorOf(request))),
      }),
    );

    app.post(
      '/api/admin/players/:id/max-stake',
      {
        config: { roles: PLAYER_DESK },
        schema: {
          tags: ['admin'],
          params: playerIdParamsSchema,
          body: maxStakeRequestSchema,
          response: { 200: playerStatusResponseSchema, ...errors },
        },
      },
      async (request) => ({
        player: unwrap(await capStake(deps, request.params.id, request.body.maxStake, actorOf(request))),
      }),
    );

    app.post(
      '/api/admin/players/:id/status',
      {
        config: { roles: PLAYER_DESK },
        schema: {
          tags: ['admin'],
          params: playerIdParamsSchema,
          body: playerStatusRequestSchema,
          response: { 200: playerStatusResponseSchema, ...errors },
        },
      },
      async (request) => ({
        player: unwrap(await changeStatus(deps, request.params.id, request.body.status, actorOf(request))),
      }),
    );
  };
}
