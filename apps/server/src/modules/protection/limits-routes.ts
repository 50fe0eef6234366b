import {
  limitParamsSchema,
  limitRequestSchema,
  limitResponseSchema,
  limitsSchema,
  sessionLimitRequestSchema,
  sessionLimitResponseSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap } from '../../platform/rejections.ts';
import { requireUser } from '../auth/index.ts';
import type { ProtectionDeps } from './breaks-service.ts';
import {
  cancelPendingLimit,
  confirmLimit,
  parseLimitAmount,
  readLimits,
  setLimit,
} from './limits-service.ts';
import { cancelPendingSessionLimit, confirmSessionLimit, setSessionLimit } from './session-limit.ts';

const tags = ['protection'];

/** A player's own deposit, loss and session limits (docs/decisions/0235). */
export function limitsRoutes(deps: ProtectionDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/me/limits',
      { schema: { tags, response: { 200: limitsSchema, ...errorResponses(401) } } },
      async (request) => readLimits(deps, requireUser(request).id),
    );

    app.put(
      '/api/me/limits/:kind/:period',
      {
        schema: {
          tags,
          params: limitParamsSchema,
          body: limitRequestSchema,
          response: { 200: limitResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const { kind, period } = request.params;
        const amount = unwrap(parseLimitAmount(request.body.amount));
        return { limit: unwrap(await setLimit(deps, requireUser(request).id, kind, period, amount)) };
      },
    );

    app.post(
      '/api/me/limits/:kind/:period/confirm',
      {
        schema: {
          tags,
          params: limitParamsSchema,
          response: { 200: limitResponseSchema, ...errorResponses(400, 401, 409) },
        },
      },
      async (request) => {
        const { kind, period } = request.params;
        return { limit: unwrap(await confirmLimit(deps, requireUser(request).id, kind, period)) };
      },
    );

    app.delete(
      '/api/me/limits/:kind/:period/pending',
      {
        schema: {
          tags,
          params: limitParamsSchema,
          response: { 200: limitResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const { kind, period } = request.params;
        return { limit: unwrap(await cancelPendingLimit(deps, requireUser(request).id, kind, period)) };
      },
    );

    app.put(
      '/api/me/session-limit',
      {
        schema: {
          tags,
          body: sessionLimitRequestSchema,
          response: { 200: sessionLimitResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => unwrap(await setSessionLimit(deps, requireUser(request).id, request.body.minutes)),
    );

    app.post(
      '/api/me/session-limit/confirm',
      { schema: { tags, response: { 200: sessionLimitResponseSchema, ...errorResponses(401, 409) } } },
      async (request) => unwrap(await confirmSessionLimit(deps, requireUser(request).id)),
    );

    app.delete(
      '/api/me/session-limit/pending',
      { schema: { tags, response: { 200: sessionLimitResponseSchema, ...errorResponses(401) } } },
      async (request) => unwrap(await cancelPendingSessionLimit(deps, requireUser(request).id)),
    );
  };
}
