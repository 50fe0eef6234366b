import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './result.ts';

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext;
    return `Invalid ${field ?? 'request'}: ${first?.message ?? 'invalid value'}`;
  }
  return error.message;
}

/** Every failure answers `{message, code}`; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send({ message: error.message, code: error.code });
    if (error.validation) {
      return reply.code(400).send({ message: describeValidation(error), code: 'INVALID_REQUEST' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message, code: error.code ?? 'INVALID_REQUEST' });
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
