import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Sql } from '../db/database.ts';

type Task = () => void | Promise<void>;
type Scope = { db: Database; tx: Sql; afterCommit: Task[] };

const scopes = new AsyncLocalStorage<Scope>();

// unique_violation (a concurrent duplicate key), serialization failure, deadlock: the whole unit may rerun.
const RETRYABLE_CODES = new Set(['23505', '40001', '40P01']);
const MAX_ATTEMPTS = 4;

export type TransactionOptions = {
  /** Rerun the whole unit on a race the database reports (it must be safe to repeat). */
  retryRaces?: boolean;
  /** Where a failing after-commit task is reported; it never undoes the commit. */
  onTaskError?: (error: unknown) => void;
};

/**
 * Runs `work` in one transaction. Code below it reaches the transaction through `sqlFor(db)` and
 * queues side effects (publishing events, pushing balances) with `afterCommit`, so nothing has to pass a
 * transaction along and nothing is announced for work that rolled back. A unit started inside another
 * on the same database joins it: the outer unit commits, and its queue runs once, after that commit.
 */
export async function transaction<T>(
  db: Database,
  work: (tx: Sql) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const outer = scopes.getStore();
  if (outer?.db === db) return work(outer.tx);
  for (let attempt = 1; ; attempt += 1) {
    const afterCommit: Task[] = [];
    try {
      const result = await db.transaction((tx) => scopes.run({ db, tx, afterCommit }, () => work(tx)));
      await runTasks(afterCommit, options.onTaskError);
      return result;
    } catch (error) {
      if (!options.retryRaces || attempt >= MAX_ATTEMPTS || !isRace(error)) throw error;
    }
  }
}

/** The transaction of the unit in progress on `db`, or `db` itself outside any unit. */
export function sqlFor(db: Database): Sql {
  const scope = scopes.getStore();
  return scope?.db === db ? scope.tx : db;
}

/** True while a unit of work on `db` is in progress in this async context. */
export function inTransaction(db: Database): boolean {
  return scopes.getStore()?.db === db;
}

/**
 * Runs `task` once the unit in progress commits; never when it rolls back. Outside a unit there is
 * nothing to wait for, so the task runs at once.
 */
export function afterCommit(task: Task, onError: (error: unknown) => void = () => {}): void {
  const scope = scopes.getStore();
  if (scope) scope.afterCommit.push(task);
  else void runTasks([task], onError);
}

async function runTasks(tasks: readonly Task[], onError: (error: unknown) => void = () => {}) {
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      onError(error);
    }
  }
}

function isRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}
