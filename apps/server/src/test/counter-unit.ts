import type { Database } from '../db/database.ts';
import { ok } from '../platform/rejections.ts';
import type { UnitKind } from '../platform/units/index.ts';

/**
 * A unit kind for the router's tests and benchmark: a counter kept in a table and in memory. Each
 * command checks that memory and the database agree, so a unit that was not rebuilt (or two owners
 * interleaving) shows up as a wrong answer.
 */
export type Counter = { id: string; value: number; loads: number };
/** `holdMs`: the command takes that long before it adds (a slow command for the router's tests). */
export type CounterCommand = { add: number; holdMs?: number };

export const COUNTER_TABLE = `CREATE TABLE IF NOT EXISTS unit_counters (id text PRIMARY KEY, value integer NOT NULL)`;

export function counterKind(
  db: Database,
  loads = new Map<string, number>(),
): UnitKind<Counter, CounterCommand, number> {
  return {
    kind: 'counter',
    async load(unitId) {
      const rows = await db.query<{ value: number }>('SELECT value FROM unit_counters WHERE id = $1', [
        unitId,
      ]);
      if (rows.length === 0) return null;
      loads.set(unitId, (loads.get(unitId) ?? 0) + 1);
      return { id: unitId, value: rows[0]!.value, loads: loads.get(unitId)! };
    },
    async handle(unit, command) {
      if (command.holdMs) await new Promise((resolve) => setTimeout(resolve, command.holdMs));
      const rows = await db.query<{ value: number }>(
        'UPDATE unit_counters SET value = value + $2 WHERE id = $1 RETURNING value',
        [unit.id, command.add],
      );
      unit.value += command.add;
      if (rows[0]!.value !== unit.value) throw new Error(`counter ${unit.id} diverged from its row`);
      return ok(unit.value);
    },
  };
}

export async function createCounter(db: Database, unitId: string, value = 0): Promise<void> {
  await db.query('INSERT INTO unit_counters (id, value) VALUES ($1, $2)', [unitId, value]);
}
