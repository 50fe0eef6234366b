/**
 * Telling "the database is away" apart from "this statement failed". A lost or refused connection is
 * temporary and says nothing about the request, so callers answer 503 and the client retries; any other
 * database error is a fault of the request or of the code.
 */

/** Thrown by the PostgreSQL adapter when it cannot reach the server; the error handler answers 503. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';

  constructor(cause: unknown) {
    super(`database unavailable: ${describe(cause)}`, { cause });
  }
}

// SQLSTATE 57P01 admin_shutdown (pg_terminate_backend, fast shutdown), 57P02 crash_shutdown,
// 57P03 cannot_connect_now (starting up, recovering), 53300 too_many_connections.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

// Socket-level failures: the server is down, restarting, unreachable, or its address is being moved.
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

// What node-postgres and its pool say when the socket ends or a connection cannot be had in time.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^terminating connection due to/,
];

const MAX_CAUSE_DEPTH = 4;

/** True when `error` (or an error it wraps) means the connection to the database is lost or refused. */
export function isConnectionError(error: unknown, depth = 0): boolean {
  if (depth > MAX_CAUSE_DEPTH || typeof error !== 'object' || error === null) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    // Class 08: connection exception (08000, 08003, 08006, 08001, 08004, …).
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
    return true;
  // Node reports a refused dual-stack connect as an AggregateError of one error per address.
  if (Array.isArray(errors) && errors.some((inner) => isConnectionError(inner, depth + 1))) return true;
  return isConnectionError(cause, depth + 1);
}

/** The error to throw for a failed database call: a typed 503 cause when the connection is the problem. */
export function toDatabaseError(error: unknown): unknown {
  return isConnectionError(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${code} ${error.message}` : error.message;
}
