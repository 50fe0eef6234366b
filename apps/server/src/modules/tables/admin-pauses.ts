import type { Database, Sql } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { transaction } from '../../platform/transaction.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';

/** A table held by trading (docs/decisions/0244): its round in play finishes, no new one opens. */
export type TablePause = { atMs: number; by: string; reason: string | null };

/** A pause or resume as it travels to the table's owner (JSON only). */
export type PauseCommand = { type: 'pause' | 'resume'; actor: AuditActor; reason: string | null };
/** `changed`: false when the table already was as asked (nothing written, nothing audited). */
export type PauseAnswer = { paused: boolean; changed: boolean };

type PauseDbRow = { table_id: string; paused_at: Date | string; paused_by: string; reason: string | null };

const pauseOfRow = (row: PauseDbRow): TablePause => ({
  atMs: new Date(row.paused_at).getTime(),
  by: row.paused_by,
  reason: row.reason,
});

export async function readPause(sql: Sql, tableId: string): Promise<TablePause | null> {
  const [row] = await sql.query<PauseDbRow>('SELECT * FROM table_pauses WHERE table_id = $1', [tableId]);
  return row ? pauseOfRow(row) : null;
}

/** Every paused table's pause, by table id. */
export async function readPauses(db: Database): Promise<Map<string, TablePause>> {
  const rows = await db.query<PauseDbRow>('SELECT * FROM table_pauses');
  return new Map(rows.map((row) => [row.table_id, pauseOfRow(row)]));
}

/**
 * Pauses or resumes a table on its owner, between two of its commands, so no phase change runs half
 * under one state and half under the other: the row and its audit entry commit together (with what
 * `alsoWrite` writes), then the owner's memory follows. Asking for the state the table is already in
 * changes nothing.
 */
export async function changePause(
  context: { db: Database; options: { nowMs(): number } },
  unit: { paused: TablePause | null },
  tableId: string,
  command: PauseCommand,
  alsoWrite?: (tx: Sql) => Promise<void>,
): Promise<Result<PauseAnswer>> {
  const pausing = command.type === 'pause';
  if ((unit.paused !== null) === pausing) return ok({ paused: pausing, changed: false });
  const pause = pausing
    ? { atMs: context.options.nowMs(), by: command.actor.email, reason: command.reason }
    : null;
  await transaction(context.db, async (tx) => {
    if (pause)
      await tx.query(
        'INSERT INTO table_pauses (table_id, paused_at, paused_by, reason) VALUES ($1, $2, $3, $4)',
        [tableId, new Date(pause.atMs).toISOString(), pause.by, pause.reason],
      );
    else await tx.query('DELETE FROM table_pauses WHERE table_id = $1', [tableId]);
    await recordAudit(tx, command.actor, {
      action: `table ${command.type}`,
      target: `table:${tableId}`,
      before: { state: pausing ? 'running' : 'paused' },
      after: { state: pausing ? 'paused' : 'running' },
      reason: command.reason,
    });
    await alsoWrite?.(tx);
  });
  unit.paused = pause;
  return ok({ paused: pausing, changed: true });
}
