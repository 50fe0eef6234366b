import {
  commissionQuerySchema,
  commissionReportSchema,
  dashboardHistoryQuerySchema,
  dashboardHistorySchema,
  dashboardSchema,
  exposuresQuerySchema,
  exposuresSchema,
  pnlQuerySchema,
  pnlReportSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { readReplicaStatus } from '../../db/read-replica.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap } from '../../platform/rejections.ts';
import type { StreamRegistry } from '../../platform/stream/index.ts';
import { ALL_STAFF } from '../auth/index.ts';
import { registerBetsStream } from './bets-stream.ts';
import { alertThresholds } from './dashboard.ts';
import { DashboardHistorySource } from './dashboard-history.ts';
import { DASHBOARD_SHARED_MS, DashboardSource, registerDashboardStream } from './dashboard-stream.ts';
import { readExposures } from './exposures.ts';
import { registerExposuresStream } from './exposures-stream.ts';
import { readCommission, readPnl, type ReportContext } from './pnl-report.ts';
import { reportWindow } from './report-window.ts';

export type AdminReportsDeps = {
  db: Database;
  /** The money reports read it (a standby's pool with DATABASE_READ_URL, docs/decisions/0308). */
  readDb: Database;
  env: { TIME_ZONE: string } & Parameters<typeof alertThresholds>[0];
  streams: Pick<StreamRegistry, 'register' | 'publish'>;
  /** The market maker's account: the operator's own, so never a player in these figures. */
  exchange: { ctx: { maker: { accountId: string } } };
};

/**
 * The console's dashboard (live on the stream topic `admin-dashboard`), top exposures and money
 * reports (docs/decisions/0246, 0247), and the live topics `admin-bets` and `admin-exposures`
 * (docs/decisions/0253); every staff role may read them. The dashboard tells where the reports read
 * and how far behind the primary that is (docs/decisions/0308).
 */
export function adminReportsRoutes(deps: AdminReportsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const timeZone = deps.env.TIME_ZONE;
    const makerAccountId = deps.exchange.ctx.maker.accountId;
    const context: ReportContext = { sql: deps.readDb, timeZone, makerAccountId };
    const source = new DashboardSource(deps.db, {
      timeZone,
      makerAccountId,
      thresholds: alertThresholds(deps.env),
      readReplica: () => readReplicaStatus(deps.db, deps.readDb),
    });
    const history = new DashboardHistorySource(deps.db);
    const stream = registerDashboardStream({ db: deps.db, streams: deps.streams, source, log: app.log });
    const live = { db: deps.db, streams: deps.streams, log: app.log };
    const bets = registerBetsStream(live);
    const exposures = registerExposuresStream({ ...live, makerAccountId });
    app.addHook('onClose', async () => {
      stream.stop();
      bets.stop();
      exposures.stop();
    });

    app.get(
      '/api/admin/dashboard',
      {
        config: { roles: ALL_STAFF },
        schema: { tags: ['admin'], response: { 200: dashboardSchema, ...errorResponses(401, 403) } },
      },
      async () => (await source.read(DASHBOARD_SHARED_MS)).dashboard,
    );

    app.get(
      '/api/admin/dashboard/history',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          description: 'Bets placed and turnover per minute over the last hours, every product.',
          querystring: dashboardHistoryQuerySchema,
          response: { 200: dashboardHistorySchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => history.read(request.query.hours),
    );

    app.get(
      '/api/admin/exposures',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          querystring: exposuresQuerySchema,
          response: { 200: exposuresSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => readExposures(deps.db, makerAccountId, request.query),
    );

    app.get(
      '/api/admin/reports/pnl',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          querystring: pnlQuerySchema,
          response: { 200: pnlReportSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const window = unwrap(await reportWindow(deps.readDb, request.query, timeZone, Date.now()));
        return readPnl(context, window, request.query.by);
      },
    );

    app.get(
      '/api/admin/reports/commission',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          querystring: commissionQuerySchema,
          response: { 200: commissionReportSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const window = unwrap(await reportWindow(deps.readDb, request.query, timeZone, Date.now()));
        return readCommission(context, window, request.query);
      },
    );
  };
}
