import { registerErrorHandling } from '@backlay/rejections/fastify';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CasinoEnv } from './env.ts';
import { SeedsService } from './fair/seeds-service.ts';
import { verifyRoutes } from './fair/verify-routes.ts';
import { registerPages } from './http/pages.ts';
import { launchRoutes } from './operator/launch-routes.ts';
import { KeyLock } from './play/key-lock.ts';
import { PlayService } from './play/play-service.ts';
import { RoundActions } from './play/round-actions.ts';
import { SessionService } from './play/session-service.ts';
import { sessionRoutes } from './play/session-routes.ts';
import type { CasinoStore } from './state/store.ts';
import type { WalletOutbox } from './wallet/outbox.ts';

// Put a limit on everything: no request to the aggregator needs a bigger body.
export const BODY_LIMIT_BYTES = 16 * 1024;

export type CasinoDeps = {
  readonly env: Pick<CasinoEnv, 'CASINO_OPERATOR_KEY' | 'CASINO_URL' | 'LOG_LEVEL'> &
    Partial<Pick<CasinoEnv, 'PORTAL_URL'>>;
  readonly store: CasinoStore;
  readonly outbox: WalletOutbox;
  readonly nowMs: () => number;
  /** The built game pages; without it only the APIs are served (tests). */
  readonly webDistDir?: string;
  readonly logger?: boolean;
};

/** Builds the aggregator without listening, so tests drive it with app.inject. */
export async function buildApp(deps: CasinoDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps),
    bodyLimit: BODY_LIMIT_BYTES,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every 4xx names a code, as the game pages and the portal read them.
  registerErrorHandling(app, { clientErrorCode: 'INVALID_REQUEST' });

  const { store, outbox, nowMs } = deps;
  const seeds = new SeedsService(store, nowMs);
  const playDeps = { store, outbox, seeds, locks: new KeyLock(), nowMs };
  await app.register(
    launchRoutes({ store, nowMs, operatorKey: deps.env.CASINO_OPERATOR_KEY, casinoUrl: deps.env.CASINO_URL }),
  );
  await app.register(
    sessionRoutes({
      play: new PlayService(playDeps),
      actions: new RoundActions(playDeps),
      sessions: new SessionService(playDeps),
    }),
  );
  await app.register(verifyRoutes());
  app.get('/healthz', async () => ({ status: 'ok' }));
  if (deps.webDistDir) await registerPages(app, deps.webDistDir, { portalUrl: deps.env.PORTAL_URL });
  return app;
}

function loggerOptions(deps: CasinoDeps): FastifyServerOptions['logger'] {
  if (!deps.logger) return false;
  return { level: deps.env.LOG_LEVEL };
}
