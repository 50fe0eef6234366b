import { readClocks } from './clocks.ts';
import { StreamFailure, type StreamRequest } from './protocol.ts';

/**
 * An orderSubscription's own fields, checked as Betfair checks them: `orderFilter` absent, null or an
 * object; the clocks absent, null or this stream's. Each answers INVALID_INPUT and keeps the connection,
 * as a bad marketSubscription does.
 */
export function checkOrderSubscription(request: StreamRequest): void {
  const filter = request.orderFilter;
  if (filter !== undefined && filter !== null && (typeof filter !== 'object' || Array.isArray(filter)))
    throw new StreamFailure('INVALID_INPUT', 'orderFilter must be an object.');
  readClocks(request);
}
