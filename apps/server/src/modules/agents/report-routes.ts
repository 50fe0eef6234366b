import {
  accountIdParamsSchema,
  accountStatementQuerySchema,
  accountStatementSchema,
  downlineBetsQuerySchema,
  downlineBetsSchema,
  downlinePlQuerySchema,
  downlinePlSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap } from '../../platform/rejections.ts';
import { ALL_STAFF } from '../auth/index.ts';
import { readChipStatement } from '../wallet/index.ts';
import { callerOf } from './agents-service.ts';
import { readLiveBets } from './live-bets-repo.ts';
import { downlinePl } from './pl-report-service.ts';
import { allPages, downlinePlCsv, liveBetsCsv, sendCsv, statementCsv } from './report-csv.ts';
import { subtreeAccount } from './report-scope.ts';
import { viewedAgent } from './viewed-agent.ts';

const tags = ['admin'];
const config = { roles: ALL_STAFF, agents: true } as const;
const csvNote =
  'With `format=csv`, a text/csv download of the same rows (from the cursor on, at most 10,000).';

/**
 * The agent network's reports (docs/decisions/0294), open to agents and every staff role, each scoped to
 * the caller's subtree: the downline's P/L, an account's chip statement and the subtree's live bets.
 */
export function agentReportRoutes(deps: { db: Database; readDb: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/reports/downline-pl',
      {
        config,
        schema: {
          tags,
          description: `P/L of an agent's downline per child, market (groupBy=market) or day (groupBy=day). ${csvNote}`,
          querystring: downlinePlQuerySchema,
          response: { 200: downlinePlSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { format, ...query } = request.query;
        const report = unwrap(await downlinePl(deps, callerOf(request), query));
        if (format === 'json') return report;
        const fileName = `downline-pl-${query.groupBy}-${report.from}-to-${report.to}.csv`;
        return sendCsv(reply, fileName, downlinePlCsv(report, query.groupBy));
      },
    );

    app.get(
      '/api/admin/accounts/:id/statement',
      {
        config,
        schema: {
          tags,
          description: `The chip statement of an agent or player of the subtree, newest first. ${csvNote}`,
          params: accountIdParamsSchema,
          querystring: accountStatementQuerySchema,
          response: { 200: accountStatementSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { format, cursor, limit } = request.query;
        const account = unwrap(await subtreeAccount(deps.db, callerOf(request), request.params.id));
        const read = (page: { cursor: string | undefined; limit: number }) =>
          readChipStatement(deps.db, { userId: account.id, ...page });
        if (format === 'json') return read({ cursor, limit });
        return sendCsv(reply, `statement-${account.id}.csv`, statementCsv(await allPages(read, cursor)));
      },
    );

    app.get(
      '/api/admin/downline/bets',
      {
        config,
        schema: {
          tags,
          description: `Open exchange bets of the subtree's players, newest first. ${csvNote}`,
          querystring: downlineBetsQuerySchema,
          response: { 200: downlineBetsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { format, cursor, limit, accountId } = request.query;
        const agent = unwrap(await viewedAgent(deps.db, callerOf(request), accountId));
        const read = (page: { cursor: string | undefined; limit: number }) =>
          readLiveBets(deps.db, { agentId: agent, ...page });
        if (format === 'json') return read({ cursor, limit });
        return sendCsv(reply, 'live-bets.csv', liveBetsCsv(await allPages(read, cursor)));
      },
    );
  };
}
