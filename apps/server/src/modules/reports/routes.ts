import { statementQuerySchema, statementResponseSchema } from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { requireUser } from '../auth/index.ts';
import { readStatement } from '../wallet/index.ts';
import { unwrap } from '../../platform/rejections.ts';
import { adminReportsRoutes, type AdminReportsDeps } from './admin-reports-routes.ts';
import { resolveDayRange } from './date-range.ts';

/**
 * The player's reports, and the console's dashboard and reports beside them (docs/decisions/0246, 0247);
 * the statement reads `readDb` (docs/decisions/0308).
 */
export type ReportDeps = { db: Database } & AdminReportsDeps;

export function reportRoutes(deps: ReportDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(adminReportsRoutes(deps));
    app.get(
      '/api/reports/statement',
      {
        schema: {
          tags: ['reports'],
          querystring: statementQuerySchema,
          response: { 200: statementResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const query = request.query;
        const range = unwrap(resolveDayRange(query.from, query.to, Date.now(), query.tzOffsetMinutes));
        const page = await readStatement(deps.readDb, { ...query, ...range, playerId: user.id });
        return { ...page, page: query.page, pageSize: query.pageSize, from: range.from, to: range.to };
      },
    );
  };
}
