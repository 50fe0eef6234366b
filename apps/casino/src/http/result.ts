/**
 * Expected failures are values until the route: the kind decides the HTTP status, the code and
 * message go into the `{message, code}` body (the portal's convention, docs/decisions/0070).
 */
export type RejectionKind =
  'invalid' | 'unauthorized' | 'not_found' | 'conflict' | 'unprocessable' | 'rate_limited' | 'unavailable';

export type Rejection = {
  readonly ok: false;
  readonly kind: RejectionKind;
  readonly code: string;
  readonly message: string;
};
export type Result<T> = { readonly ok: true; readonly value: T } | Rejection;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const reject = (kind: RejectionKind, code: string, message: string): Rejection => ({
  ok: false,
  kind,
  code,
  message,
});

const STATUS: Readonly<Record<RejectionKind, number>> = {
  invalid: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

export const httpStatusOf = (kind: RejectionKind): number => STATUS[kind];

/** Thrown only at the route edge and answered by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new HttpError(httpStatusOf(result.kind), result.message, result.code);
  return result.value;
}
