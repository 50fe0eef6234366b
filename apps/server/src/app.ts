import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerBackoffice, registerSpa } from './plugins/spa.ts';
import { registerTextRules } from './platform/text-rules.ts';
import { trustProxyOption } from './platform/trust-proxy.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { agentsRoutes } from './modules/agents/index.ts';
import { authRoutes, registerAuth, sessionSource, type SignInOptions } from './modules/auth/index.ts';
import { casinoRoutes, type CasinoAggregator } from './modules/casino/index.ts';
import { catalogueRoutes } from './modules/catalogue/index.ts';
import { exchangeAdminRoutes, exchangeRoutes, registerBetStream } from './modules/exchange/index.ts';
import { adminBetsRoutes, reportRoutes } from './modules/reports/index.ts';
import { settingsRoutes } from './modules/settings/index.ts';
import { registerSportsStreams, sportsRoutes } from './modules/sports/index.ts';
import { limitsRoutes, protectionRoutes } from './modules/protection/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { staffRoutes } from './modules/staff/index.ts';
import {
  registerTables,
  tablesRoutes,
  type TablesModule,
  type TablesOptions,
} from './modules/tables/index.ts';
import { balanceSocketRoutes } from './modules/wallet/index.ts';
import { betfairOperations, registerBetfair } from './modules/betfair/index.ts';
import { feedsRoutes, registerFeeds } from './modules/feeds/index.ts';
import { healthRoutes, DEFAULT_HEALTH_OPTIONS } from './platform/health.ts';
import { createAppMetrics, registerMetrics } from './platform/metrics.ts';
import {
  DEFAULT_SOCKET_LIMITS,
  socketErrorHandler,
  SocketHub,
  type SocketLimits,
} from './platform/sockets/index.ts';
import { streamSocketRoutes } from './platform/stream/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-house tables' units, for stakes placed from inside the server. */
    tablesModule: TablesModule;
  }
}

// Put a limit on everything: no request body needs more than this.
export const BODY_LIMIT_BYTES = 64 * 1024;

export type BuildOptions = AppDeps & {
  webDistDir?: string;
  /** The operator's console build, served under /backoffice/. */
  backofficeDistDir?: string;
  /** true: to stdout (readable at a terminal); a stream: JSON lines to it (tests read the log). */
  logger?: boolean | { stream: { write(line: string): void } };
  socketLimits?: Partial<SocketLimits>;
  signIn?: SignInOptions;
  /** The aggregator's launch API; HTTP at CASINO_URL unless given (tests pass a fake). */
  casinoAggregator?: CasinoAggregator;
  /** Clock and loop switches of the in-house tables (tests drive rounds by hand). */
  tables?: TablesOptions;
  /** The clock of players' limits and breaks (tests move it a day on). */
  nowMs?: () => number;
};

/** Builds the portal without listening, so tests drive it with app.inject. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options),
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Forwarded-* count only from the proxies in TRUST_PROXY (docs/decisions/0045).
    trustProxy: trustProxyOption(options.env.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  registerSecurity(app, { frameOrigin: options.env.CASINO_URL });
  await registerDocs(app);
  const metrics = createAppMetrics({ ...options, metricsToken: options.env.METRICS_TOKEN });
  registerMetrics(app, metrics, { ...options, metricsToken: options.env.METRICS_TOKEN });
  options.lifecycle.attachLog(app.log);
  await app.register(websocket, {
    errorHandler: socketErrorHandler(() => metrics.sockets.clientFaults.inc()),
    options: { maxPayload: 4096 },
  });
  registerAuth(app, options);
  registerTextRules(app);

  await app.register(authRoutes(options));
  await app.register(adminRoutes(options));
  await app.register(staffRoutes(options));
  await app.register(agentsRoutes(options));
  await app.register(auditRoutes(options));
  await app.register(adminBetsRoutes(options));
  await app.register(reportRoutes(options));
  await app.register(settingsRoutes(options));
  await app.register(sportsRoutes(options));
  registerSportsStreams(options);
  await app.register(exchangeRoutes(options.exchange, options.readDb));
  await app.register(exchangeAdminRoutes(options.exchange, options.env.COMMISSION_PERCENT));
  registerBetStream(options);
  await app.register(catalogueRoutes());
  await app.register(casinoRoutes(options));
  await app.register(protectionRoutes(options));
  await app.register(limitsRoutes(options));
  await registerBetfair(app, options, betfairOperations(options));
  const tables = registerTables({ ...options, log: app.log }, options.tables);
  // Demo traffic stakes on the tables through the same units as the routes (docs/decisions/0293).
  app.decorate('tablesModule', tables);
  await app.register(tablesRoutes(tables));
  const feeds = registerFeeds({ ...options, log: app.log });
  app.addHook('onClose', async () => feeds.close());
  await app.register(feedsRoutes(feeds));
  await app.register(
    healthRoutes(options, { ...DEFAULT_HEALTH_OPTIONS, metricsToken: options.env.METRICS_TOKEN }),
  );
  // One hub for every socket route: one revocation subscription and one heartbeat per process.
  const sockets = new SocketHub({
    bus: options.bus,
    sessions: sessionSource(options.db),
    limits: { ...DEFAULT_SOCKET_LIMITS, ...options.socketLimits },
    metrics: metrics.sockets,
  });
  app.addHook('onClose', async () => sockets.close());
  await app.register(balanceSocketRoutes(options, sockets));
  await app.register(
    streamSocketRoutes(
      { streams: options.streams, log: app.log, onMalformed: () => metrics.sockets.clientFaults.inc() },
      sockets,
    ),
  );
  if (options.webDistDir) await registerSpa(app, options.webDistDir);
  if (options.backofficeDistDir) await registerBackoffice(app, options.backofficeDistDir);
  return app;
}

/** Readable lines at a terminal, JSON lines otherwise (log shippers, tests). */
function loggerOptions(options: BuildOptions): FastifyServerOptions['logger'] {
  if (!options.logger) return false;
  const level = options.env.LOG_LEVEL;
  if (typeof options.logger === 'object') return { level, stream: options.logger.stream };
  if (!process.stdout.isTTY || options.env.NODE_ENV === 'test') return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}
