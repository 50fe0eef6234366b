import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { balanceSocketRoutes, DEFAULT_SOCKET_LIMITS, type SocketLimits } from './ws/balance-socket.ts';

// Put a limit on everything: no request body needs more than this.
export const BODY_LIMIT_BYTES = 64 * 1024;

export type BuildOptions = AppDeps & {
  webDistDir?: string;
  logger?: boolean;
  socketLimits?: Partial<SocketLimits>;
};

/** Builds the portal without listening, so tests drive it with app.inject. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: options.env.LOG_LEVEL } : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  await registerSecurity(app);
  await registerDocs(app);
  await app.register(websocket, { options: { maxPayload: 4096 } });
  registerAuth(app, options);

  await app.register(authRoutes(options));
  await app.register(adminRoutes(options));
  await app.register(reportRoutes(options));
  await app.register(settingsRoutes(options));
  await app.register(balanceSocketRoutes(options, { ...DEFAULT_SOCKET_LIMITS, ...options.socketLimits }));
  if (options.webDistDir) await registerSpa(app, options.webDistDir);
  return app;
}
