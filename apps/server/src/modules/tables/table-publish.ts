import { publishQuietly, type TablesContext } from './context.ts';
import type { RoundRow } from './round-row.ts';
import { seqOf } from './round-row.ts';
import type { TableUnit } from './table-types.ts';
import { tableStream } from './table-view.ts';

/** Publishes a table's state after a commit, with its volumes while `round` is the one they count. */
export function publishTable(context: TablesContext, unit: TableUnit, round: RoundRow): Promise<void> {
  const volumes = unit.volumes.roundId === round.id ? unit.volumes.byMarket : new Map<string, bigint>();
  const nowMs = context.options.nowMs();
  const data = tableStream(unit.game, round, unit.lastResults, nowMs, volumes, unit.paused !== null);
  return publishQuietly(context, 'table', unit.game.id, { seq: seqOf(round), data });
}
