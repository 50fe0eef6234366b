import type { JsonObject } from '../api-ng/json.ts';
import type { StatusMessage } from './messages.ts';

/**
 * The Exchange Stream API's framing and status messages (docs/decisions/0258): one JSON object per
 * line, lines end in CRLF, every request carries an `id` its `status` answer repeats.
 */

export const CRLF = '\r\n';

/** A longer line is no request of ours: subscriptions name at most a few hundred ids. */
export const MAX_LINE_CHARS = 64 * 1024;

export type StreamErrorCode =
  | 'INVALID_INPUT'
  | 'TIMEOUT'
  | 'NO_APP_KEY'
  | 'INVALID_APP_KEY'
  | 'NO_SESSION'
  | 'INVALID_SESSION_INFORMATION'
  | 'NOT_AUTHORIZED'
  | 'SUBSCRIPTION_LIMIT_EXCEEDED'
  | 'INVALID_CLOCK'
  | 'MAX_CONNECTION_LIMIT_EXCEEDED'
  | 'UNEXPECTED_ERROR';

/** A request as read from a line; fields beyond `op` and `id` are read by each operation. */
export type StreamRequest = { op: string; id: number | undefined } & JsonObject;

/** A failure the connection answers; `close` ends the connection after the answer. */
export class StreamFailure extends Error {
  constructor(
    readonly code: StreamErrorCode,
    message: string,
    readonly close = false,
  ) {
    super(message);
  }
}

export const success = (id: number | undefined): StatusMessage => ({
  op: 'status',
  ...(id === undefined ? {} : { id }),
  statusCode: 'SUCCESS',
  connectionClosed: false,
});

export const failure = (id: number | undefined, error: StreamFailure): StatusMessage => ({
  op: 'status',
  ...(id === undefined ? {} : { id }),
  statusCode: 'FAILURE',
  errorCode: error.code,
  errorMessage: error.message,
  connectionClosed: error.close,
});

/** One line as a request; anything else is INVALID_INPUT, which closes the connection as Betfair's does. */
export function parseRequest(line: string): StreamRequest {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new StreamFailure('INVALID_INPUT', 'The message is not JSON.', true);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new StreamFailure('INVALID_INPUT', 'The message is not a JSON object.', true);
  const request = value as JsonObject;
  if (typeof request.op !== 'string') throw new StreamFailure('INVALID_INPUT', 'op is missing.', true);
  const id = request.id;
  if (id !== undefined && id !== null && !Number.isSafeInteger(id))
    throw new StreamFailure('INVALID_INPUT', 'id must be an integer.', true);
  return { ...request, op: request.op, id: typeof id === 'number' ? id : undefined };
}

/** Betfair's bounds on a subscription's timing fields, with its defaults. */
export function readTiming(request: StreamRequest): { heartbeatMs: number; conflateMs: number } {
  const heartbeat = request.heartbeatMs ?? 5000;
  const conflate = request.conflateMs ?? 0;
  if (typeof heartbeat !== 'number' || !Number.isInteger(heartbeat))
    throw new StreamFailure('INVALID_INPUT', 'heartbeatMs must be an integer.');
  if (typeof conflate !== 'number' || !Number.isInteger(conflate))
    throw new StreamFailure('INVALID_INPUT', 'conflateMs must be an integer.');
  return {
    heartbeatMs: Math.min(5000, Math.max(500, heartbeat)),
    conflateMs: Math.min(120_000, Math.max(0, conflate)),
  };
}

/** `segmentationEnabled`: true unless the subscription says false (the clients send true by default). */
export function readSegmentation(request: StreamRequest): boolean {
  const value = request.segmentationEnabled ?? true;
  if (typeof value !== 'boolean')
    throw new StreamFailure('INVALID_INPUT', 'segmentationEnabled must be true or false.');
  return value;
}
