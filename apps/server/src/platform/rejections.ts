import type { Rejection, Result } from '@backlay/rejections';
import type { Database, Sql } from '../db/database.ts';
import { transaction } from './transaction.ts';

/** Expected failures as values; the kinds, statuses and HttpError are shared with the casino aggregator. */
export {
  httpStatusOf,
  ok,
  reject,
  rejectionsFrom,
  rejectionToHttp,
  unwrap,
  type Rejection,
  type RejectionKind,
  type RejectionTable,
  type Result,
} from '@backlay/rejections';

class RolledBack extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.message);
  }
}

/** A unit of work that answers a Result: a rejection rolls back everything the unit wrote. */
export async function transactionResult<T>(
  db: Database,
  work: (tx: Sql) => Promise<Result<T>>,
): Promise<Result<T>> {
  try {
    return await transaction(db, async (tx) => {
      const result = await work(tx);
      if (!result.ok) throw new RolledBack(result);
      return result;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.rejection;
    throw error;
  }
}
