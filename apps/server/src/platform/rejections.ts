import type { Database, Sql } from '../db/database.ts';
import { HttpError } from '../lib/http-errors.ts';
import { transaction } from './transaction.ts';

/**
 * What kind of expected failure a domain answer is. Modules say which kind; `httpStatusOf` is the one
 * place that turns a kind into an HTTP status (docs/decisions/0014, 0070).
 */
export type RejectionKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable';

/** An expected rejection: a value, never an exception, until the edge decides how to answer it. */
export type Rejection = {
  ok: false;
  kind: RejectionKind;
  code: string;
  message: string;
  /** For `rate_limited` and `unavailable`: when a retry may succeed. */
  retryAfterSeconds?: number;
};
export type Result<T> = { ok: true; value: T } | Rejection;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const reject = (
  kind: RejectionKind,
  code: string,
  message: string,
  retryAfterSeconds?: number,
): Rejection =>
  retryAfterSeconds === undefined
    ? { ok: false, kind, code, message }
    : { ok: false, kind, code, message, retryAfterSeconds };

/** A module's rejection codes, each with its kind and the message clients see by default. */
export type RejectionTable<Code extends string> = Readonly<
  Record<Code, { kind: RejectionKind; message: string }>
>;

/** The rejection of a code from its module's table; `message` replaces the default where it says more. */
export const rejectionsFrom =
  <Code extends string>(table: RejectionTable<Code>) =>
  (code: Code, message?: string): Rejection =>
    reject(table[code].kind, code, message ?? table[code].message);

const HTTP_STATUS: Readonly<Record<RejectionKind, number>> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

export const httpStatusOf = (kind: RejectionKind): number => HTTP_STATUS[kind];

export const rejectionToHttp = (rejection: Rejection): HttpError =>
  new HttpError(httpStatusOf(rejection.kind), rejection.message, rejection.code, rejection.retryAfterSeconds);

/** At a route or CLI edge: the value, or the rejection thrown as the HttpError the error handler answers. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw rejectionToHttp(result);
  return result.value;
}

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
