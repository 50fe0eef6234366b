import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseUnavailableError } from '../db/connection-errors.ts';
import { HttpError, serviceUnavailable } from '../lib/http-errors.ts';

// A lost database connection heals by itself within seconds (a fresh pool connection, a failover).
const DATABASE_RETRY_AFTER_SECONDS = 2;

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext;
    return `Invalid ${field ?? 'request'}: ${first?.message ?? 'invalid value'}`;
  }
  return error.message;
}

const databaseUnavailable = () =>
  serviceUnavailable(
    'The database is unavailable; please retry shortly.',
    'DATABASE_UNAVAILABLE',
    DATABASE_RETRY_AFTER_SECONDS,
  );

function sendHttpError(reply: FastifyReply, error: HttpError) {
  if (error.retryAfterSeconds !== undefined)
    void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  return reply.code(error.statusCode).send({ message: error.message, code: error.code });
}

/** One place turns every failure into `{message, code?}`; 5xx details stay in the log, never the response. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DatabaseUnavailableError) {
      // Not a fault of the request: the client retries, the pool reconnects (docs/decisions/0051).
      request.log.warn({ err: error }, 'database unavailable');
      return sendHttpError(reply, databaseUnavailable());
    }
    if (error instanceof HttpError) return sendHttpError(reply, error);
    if (error.validation) {
      return reply.code(400).send({ message: describeValidation(error), code: 'INVALID_REQUEST' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' }),
  );
}
