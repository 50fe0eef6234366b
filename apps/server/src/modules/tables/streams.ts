import { tableIdSchema } from '@backlay/contracts';
import { tableGame } from '@backlay/tables';
import { marketVolumes } from './bets-repo.ts';
import type { TablesContext } from './context.ts';
import { readPause } from './admin-pauses.ts';
import { readCrash } from './crash-read.ts';
import type { TablesDeps } from './deps.ts';
import { lastResults, latestRound } from './rounds-repo.ts';
import { seqOf } from './round-row.ts';
import { tableStream } from './table-view.ts';

/**
 * `/ws/stream` kind `table` (id = table id): the table's state at once, then every phase change with
 * the server time, and the markets' volumes after each batch of bets, published by the table's owner
 * after each commit; seq = round id × 10⁶ + version.
 */
export function registerTableStreams(deps: Pick<TablesDeps, 'streams' | 'db'>, context: TablesContext): void {
  deps.streams.register({
    kind: 'table',
    idSchema: tableIdSchema,
    async snapshot(id) {
      const game = tableGame(id!);
      if (!game) return null;
      const round = await latestRound(deps.db, game.id);
      const results = await lastResults(deps.db, game.id);
      const volumes = round ? await marketVolumes(deps.db, round.id) : new Map<string, bigint>();
      const paused = (await readPause(deps.db, game.id)) !== null;
      return {
        seq: round ? seqOf(round) : 0,
        data: tableStream(game, round, results, context.options.nowMs(), volumes, paused),
      };
    },
  });
}

/** `/ws/stream` kind `crash` (one topic): the round, its stats and latest cash-outs (0153). */
export function registerCrashStream(deps: Pick<TablesDeps, 'streams' | 'db'>, context: TablesContext): void {
  deps.streams.register({
    kind: 'crash',
    async snapshot() {
      const { seq, stream } = await readCrash(deps.db, context.options.nowMs());
      return { seq, data: stream };
    },
  });
}
