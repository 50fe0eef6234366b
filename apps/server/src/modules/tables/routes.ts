import {
  placeTableBetBodySchema,
  tableBetResponseSchema,
  tableBetsQuerySchema,
  tableBetsResponseSchema,
  tableIdSchema,
  tablesResponseSchema,
  tableStateSchema,
} from '@backlay/contracts';
import { TABLE_GAMES, tableGame, type TableGame } from '@backlay/tables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unwrap, type Result } from '../../platform/rejections.ts';
import { adminTablesRoutes } from './admin-routes.ts';
import { requireUser } from '../auth/index.ts';
import { marketVolumes, playerBets } from './bets-repo.ts';
import { CRASH_TABLE_ID, tableUnitId } from './deps.ts';
import { tableError } from './errors.ts';
import type { TablesModule } from './module.ts';
import { tableErrors, placedBetReply, placedBetResponses } from './route-replies.ts';
import { crashRoutes } from './crash-routes.ts';
import { resultsRoutes } from './results-routes.ts';
import { lastResults, latestRound } from './rounds-repo.ts';
import type { BetAnswer } from './table-types.ts';
import { parseStake } from './stake.ts';
import { readPause, readPauses } from './admin-pauses.ts';
import { betJson, tableState, tableSummary } from './table-view.ts';

const tableParams = z.object({ id: tableIdSchema });

const gameOf = (id: string): Result<TableGame> => {
  const game = tableGame(id);
  return game ? { ok: true, value: game } : tableError('UNKNOWN_TABLE');
};

/** The lobby, a table's state, betting on it and the player's own bets there (docs/decisions/0150). */
export function tablesRoutes(module: TablesModule): FastifyPluginAsyncZod {
  const { context } = module;
  return async (app) => {
    await app.register(resultsRoutes(context));
    await app.register(crashRoutes(module));
    await app.register(adminTablesRoutes(module));

    app.get(
      '/api/tables',
      { schema: { tags: ['tables'], response: { 200: tablesResponseSchema, ...tableErrors } } },
      async () => {
        const pauses = await readPauses(context.db);
        const tables = TABLE_GAMES.map((game) => tableSummary(game, pauses.has(game.id)));
        return { tables, crash: { paused: pauses.has(CRASH_TABLE_ID) } };
      },
    );

    app.get(
      '/api/tables/:id',
      {
        schema: {
          tags: ['tables'],
          params: tableParams,
          response: { 200: tableStateSchema, ...tableErrors },
        },
      },
      async (request) => {
        const game = unwrap(gameOf(request.params.id));
        const round = await latestRound(context.db, game.id);
        const results = await lastResults(context.db, game.id);
        const volumes = round ? await marketVolumes(context.db, round.id) : new Map<string, bigint>();
        const paused = (await readPause(context.db, game.id)) !== null;
        return tableState(game, round, results, context.options.nowMs(), volumes, paused);
      },
    );

    app.post(
      '/api/tables/:id/bets',
      {
        schema: {
          tags: ['tables'],
          params: tableParams,
          body: placeTableBetBodySchema,
          response: placedBetResponses(tableBetResponseSchema),
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const game = unwrap(gameOf(request.params.id));
        const stakeMinor = unwrap(parseStake(request.body.stake));
        const answer = unwrap(
          await module.sendTable(tableUnitId(game.id), {
            type: 'bet',
            playerId: user.id,
            roundId: request.body.roundId,
            marketId: request.body.marketId,
            stakeMinor: stakeMinor.toString(),
            clientRef: request.body.clientRef,
          }),
        ) as BetAnswer;
        return placedBetReply(reply, answer);
      },
    );

    app.get(
      '/api/tables/:id/bets',
      {
        schema: {
          tags: ['tables'],
          params: tableParams,
          querystring: tableBetsQuerySchema,
          response: { 200: tableBetsResponseSchema, ...tableErrors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const game = unwrap(gameOf(request.params.id));
        const bets = await playerBets(context.db, user.id, game.id, request.query.roundId);
        return { bets: bets.map((bet) => betJson(bet, game)) };
      },
    );
  };
}
