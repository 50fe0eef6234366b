import type { Sql } from '../database.ts';

/** One SQL function kept in code and reapplied on every start, so the database always runs this text. */
export type SqlFunction = {
  /**
   * Name and input argument types as PostgreSQL prints a `regprocedure` (no spaces, no schema), e.g.
   * `ledger_move(text,bigint)`: what DROP FUNCTION needs when the definition cannot be replaced in place.
   */
  readonly signature: string;
  /** One `CREATE OR REPLACE FUNCTION` statement. */
  readonly sql: string;
};

/**
 * Function options for a batch's statements that must reach rows by key whatever the tables' sizes
 * (docs/decisions/0207). PL/pgSQL caches a plan per statement, chosen for the tables as they were
 * then, and the planner prices an index probe as a disk read: against a batch it prefers reading a
 * table of a few hundred rows whole, and keeps that plan as the table grows. With sequential scans off,
 * and merge joins off (which would read a whole index in key order instead), a table is read only
 * through a condition on its key: a probe per item of the batch, or an array of keys. Hash joins stay
 * on: joining a batch's own rows (JSON, CTEs) costs the same at any table size.
 */
export const BY_KEY_ONLY = 'SET enable_seqscan = off SET enable_mergejoin = off';

// "cannot change return type of existing function", "... name of input parameter" and the like.
const INVALID_FUNCTION_DEFINITION = '42P13';

const nameOf = (fn: SqlFunction): string => fn.signature.slice(0, fn.signature.indexOf('('));

/**
 * Makes the database's functions exactly `functions`: each is replaced in place, dropped and created
 * again when its result or parameter names changed, and any other overload of a managed name (left by
 * an older definition with other argument types) is dropped. Runs inside the migration transaction.
 */
export async function applyFunctions(tx: Sql, functions: readonly SqlFunction[]): Promise<void> {
  for (const fn of functions) await replaceFunction(tx, fn);
  await dropStaleOverloads(tx, functions);
}

async function replaceFunction(tx: Sql, fn: SqlFunction): Promise<void> {
  // A failed statement aborts the whole transaction unless it ran inside a savepoint.
  await tx.query('SAVEPOINT replace_function');
  try {
    await tx.exec(fn.sql);
    await tx.query('RELEASE SAVEPOINT replace_function');
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_FUNCTION_DEFINITION) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT replace_function');
    await tx.query('RELEASE SAVEPOINT replace_function');
  }
  // Not IF EXISTS: the function is there (that is what refused), and a wrong signature should say so.
  // No CASCADE: a trigger function never gets here (it always returns trigger and takes no arguments),
  // and anything else that depends on the function should stop the start rather than vanish with it.
  await tx.exec(`DROP FUNCTION ${fn.signature}`);
  await tx.exec(fn.sql);
}

async function dropStaleOverloads(tx: Sql, functions: readonly SqlFunction[]): Promise<void> {
  const stale = await tx.query<{ signature: string }>(
    `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
      WHERE p.pronamespace = (SELECT n.oid FROM pg_namespace n WHERE n.nspname = current_schema())
        AND p.proname = ANY ($1::text[]) AND p.oid <> ALL ($2::regprocedure[])`,
    [functions.map(nameOf), functions.map((fn) => fn.signature)],
  );
  for (const { signature } of stale) await tx.exec(`DROP FUNCTION ${signature}`);
}
