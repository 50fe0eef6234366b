/**
 * The statements of a transaction still running: the ones its unit sent without awaiting them
 * (Database.transaction). A statement leaves the set when it settles; one the unit awaited has settled
 * by the time the unit returns, one it did not is waited for before the commit.
 */
export class StatementsInFlight {
  readonly #running = new Set<Promise<unknown>>();

  /** Tracks the statement and marks it handled (unawaited). */
  track<T>(statement: Promise<T>): Promise<T> {
    this.#running.add(statement);
    const settle = () => this.#running.delete(statement);
    statement.then(settle, settle);
    return statement;
  }

  /** Resolves once every statement still running succeeded; rejects with the first that failed. */
  settled(): Promise<unknown> {
    return Promise.all(this.#running);
  }
}

/**
 * The statement, marked as handled: left unawaited, its failure is no unhandled rejection, and it is
 * not lost either, since the transaction awaits every statement sent in it before it counts as
 * committed and fails if one did (Database.transaction).
 */
export function unawaited<T>(statement: Promise<T>): Promise<T> {
  statement.catch(() => undefined);
  return statement;
}
