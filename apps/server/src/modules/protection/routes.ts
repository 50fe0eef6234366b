import {
  breakResponseSchema,
  protectionHistorySchema,
  realityCheckSchema,
  reopenResponseSchema,
  selfExclusionRequestSchema,
  sessionSummarySchema,
  timeOutRequestSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap } from '../../platform/rejections.ts';
import { requireUser } from '../auth/index.ts';
import { readHistory } from './breaks-repo.ts';
import { requestReopen, selfExclude, takeTimeOut, type ProtectionDeps } from './breaks-service.ts';
import { saveRealityCheckMinutes } from './reality-check-repo.ts';
import { sessionSummary } from './session-summary.ts';

const tags = ['protection'];

/** A player's own breaks from play and the history of their protection (docs/decisions/0232). */
export function protectionRoutes(deps: ProtectionDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/me/time-out',
      {
        schema: {
          tags,
          body: timeOutRequestSchema,
          response: { 200: breakResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => ({
        until: unwrap(await takeTimeOut(deps, requireUser(request).id, request.body.days)),
      }),
    );

    app.post(
      '/api/me/self-exclusion',
      {
        schema: {
          tags,
          body: selfExclusionRequestSchema,
          response: { 200: breakResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ until: unwrap(await selfExclude(deps, requireUser(request).id, request.body)) }),
    );

    app.post(
      '/api/me/reopen',
      { schema: { tags, response: { 200: reopenResponseSchema, ...errorResponses(401, 409) } } },
      async (request) => ({ reopensAt: unwrap(await requestReopen(deps, requireUser(request).id)) }),
    );

    app.get(
      '/api/me/protection-history',
      { schema: { tags, response: { 200: protectionHistorySchema, ...errorResponses(401) } } },
      async (request) => ({ items: await readHistory(deps.db, requireUser(request).id) }),
    );

    app.put(
      '/api/me/reality-check',
      {
        schema: {
          tags,
          body: realityCheckSchema,
          response: { 200: realityCheckSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const nowMs = (deps.nowMs ?? Date.now)();
        await saveRealityCheckMinutes(deps.db, requireUser(request).id, request.body.minutes, nowMs);
        return { minutes: request.body.minutes };
      },
    );

    app.get(
      '/api/me/session',
      { schema: { tags, response: { 200: sessionSummarySchema, ...errorResponses(401) } } },
      async (request) => {
        const player = { id: requireUser(request).id, token: request.token ?? '' };
        return sessionSummary(deps.db, player, (deps.nowMs ?? Date.now)());
      },
    );
  };
}
