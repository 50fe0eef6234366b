import {
  adminRoundVoidBodySchema,
  adminRoundVoidResponseSchema,
  adminTableParamsSchema,
  adminTablePauseBodySchema,
  adminTableRoundParamsSchema,
  adminTableSchema,
  adminTablesResponseSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/error-responses.ts';
import { ok, unwrap, type Result } from '../../platform/rejections.ts';
import { actorOf } from '../audit/index.ts';
import { ALL_STAFF, TRADING } from '../auth/index.ts';
import type { PauseCommand } from './admin-pauses.ts';
import { isAdminGame, readAdminRound, readAdminTables } from './admin-read.ts';
import type { VoidCommand } from './admin-void.ts';
import { CRASH_TABLE_ID, CRASH_UNIT_ID, tableUnitId } from './deps.ts';
import { tableError } from './errors.ts';
import type { TablesModule } from './module.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 503);

/**
 * The console's live games (docs/decisions/0244): the tables and the crash game with their rounds, and
 * a trader's pause, resume and void. Each change runs on the game's owner as one of its commands (sent
 * over the bus when another instance owns it), so it is serialized with bets and phase changes, and
 * commits with its audit entry.
 */
export function adminTablesRoutes(module: TablesModule): FastifyPluginAsyncZod {
  const { db } = module.context;
  const knownGame = (tableId: string): Result<string> =>
    isAdminGame(tableId) ? ok(tableId) : tableError('UNKNOWN_TABLE');
  /** Runs the command on the game's owner; the answer matters only as a rejection or not. */
  const send = async (tableId: string, command: PauseCommand | VoidCommand): Promise<Result<unknown>> =>
    tableId === CRASH_TABLE_ID
      ? module.sendCrash(CRASH_UNIT_ID, command)
      : module.sendTable(tableUnitId(tableId), command);

  return async (app) => {
    app.get(
      '/api/admin/tables',
      {
        config: { roles: ALL_STAFF },
        schema: { tags: ['admin'], response: { 200: adminTablesResponseSchema, ...errors } },
      },
      async () => ({ items: await readAdminTables(db) }),
    );

    for (const action of ['pause', 'resume'] as const) {
      app.post(
        `/api/admin/tables/:id/${action}`,
        {
          config: { roles: TRADING },
          schema: {
            tags: ['admin'],
            description:
              action === 'pause'
                ? 'Stops the game taking bets; its round in play finishes, then no new round opens.'
                : 'Lets a paused game take bets again; a new round opens at once if none is in play.',
            params: adminTableParamsSchema,
            body: adminTablePauseBodySchema,
            response: { 200: adminTableSchema, ...errors },
          },
        },
        async (request) => {
          const tableId = unwrap(knownGame(request.params.id));
          const reason = request.body?.reason ?? null;
          unwrap(await send(tableId, { type: action, actor: actorOf(request), reason }));
          const [table] = await readAdminTables(db, tableId);
          return table!;
        },
      );
    }

    app.post(
      '/api/admin/tables/:id/rounds/:roundId/void',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['admin'],
          description:
            'Voids a round not yet settled: every open bet is refunded once; the game then opens its next round.',
          params: adminTableRoundParamsSchema,
          body: adminRoundVoidBodySchema,
          response: { 200: adminRoundVoidResponseSchema, ...errors },
        },
      },
      async (request) => {
        const tableId = unwrap(knownGame(request.params.id));
        const { roundId } = request.params;
        const command = {
          type: 'void',
          roundId,
          actor: actorOf(request),
          reason: request.body.reason,
        } as const;
        unwrap(await send(tableId, command));
        const round = await readAdminRound(db, roundId);
        if (!round) throw new Error(`round ${roundId} is not finished after its void`);
        return { round };
      },
    );
  };
}
