import { registerErrorHandling as registerSharedErrorHandling } from '@backlay/rejections/fastify';
import type { FastifyInstance } from 'fastify';
import { DatabaseUnavailableError } from '../db/connection-errors.ts';
import { serviceUnavailable } from '../lib/http-errors.ts';

// A lost database connection heals by itself within seconds (a fresh pool connection, a failover).
const DATABASE_RETRY_AFTER_SECONDS = 2;

const databaseUnavailable = () =>
  serviceUnavailable(
    'The database is unavailable; please retry shortly.',
    'DATABASE_UNAVAILABLE',
    DATABASE_RETRY_AFTER_SECONDS,
  );

/**
 * Every failure answers `{message, code?}` the way the casino aggregator's do (@backlay/rejections);
 * the portal adds only the lost database, which is not a fault of the request: the client retries, the
 * pool reconnects (docs/decisions/0051).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  registerSharedErrorHandling(app, {
    answerAs: (error, request) => {
      if (!(error instanceof DatabaseUnavailableError)) return undefined;
      request.log.warn({ err: error }, 'database unavailable');
      return databaseUnavailable();
    },
  });
}
