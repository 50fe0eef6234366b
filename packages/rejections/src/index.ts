/**
 * Expected failures as values (docs/decisions/0014, 0070): the portal and the casino aggregator both
 * answer a refused request the same way, so both take the kinds, the statuses and the `{message, code}`
 * error from here. Framework-free; `@backlay/rejections/fastify` is the error handler that answers them.
 */

/** What kind of expected failure a domain answer is; `httpStatusOf` turns a kind into an HTTP status. */
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
  readonly ok: false;
  readonly kind: RejectionKind;
  readonly code: string;
  readonly message: string;
  /** For `rate_limited` and `unavailable`: when a retry may succeed. */
  readonly retryAfterSeconds?: number;
};
export type Result<T> = { readonly ok: true; readonly value: T } | Rejection;

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

/** A deliberate 4xx/503 with a message the client may show; the error handler sends `{message, code}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Sent as `Retry-After` (whole seconds) on 429 and 503 answers. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const rejectionToHttp = (rejection: Rejection): HttpError =>
  new HttpError(httpStatusOf(rejection.kind), rejection.message, rejection.code, rejection.retryAfterSeconds);

/** At a route or CLI edge: the value, or the rejection thrown as the HttpError the error handler answers. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw rejectionToHttp(result);
  return result.value;
}
