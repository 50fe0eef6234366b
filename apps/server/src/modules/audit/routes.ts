import { auditPageSchema, auditQuerySchema } from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { ALL_STAFF } from '../auth/index.ts';
import { listAudit } from './audit-repo.ts';

/** The audit log, for every staff role to read (docs/decisions/0236); nothing may change it. */
export function auditRoutes(deps: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/audit',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listAudit(deps.db, request.query),
    );
  };
}
