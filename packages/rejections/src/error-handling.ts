import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './index.ts';

export type ErrorHandlingOptions = {
  /** Failures an app answers its own way (a lost database): the HttpError to send, or undefined. */
  readonly answerAs?: (error: FastifyError, request: FastifyRequest) => HttpError | undefined;
  /** The `code` of a 4xx whose error carries none; without it the answer has no code. */
  readonly clientErrorCode?: string;
};

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext;
    return `Invalid ${field ?? 'request'}: ${first?.message ?? 'invalid value'}`;
  }
  return error.message;
}

function sendHttpError(reply: FastifyReply, error: HttpError) {
  if (error.retryAfterSeconds !== undefined)
    void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  return reply.code(error.statusCode).send({ message: error.message, code: error.code });
}

/** One place turns every failure into `{message, code?}`; 5xx details stay in the log, never the response. */
export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = options.answerAs?.(error, request);
    if (answer) return sendHttpError(reply, answer);
    if (error instanceof HttpError) return sendHttpError(reply, error);
    if (error.validation) {
      return reply.code(400).send({ message: describeValidation(error), code: 'INVALID_REQUEST' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message, code: error.code ?? options.clientErrorCode });
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
