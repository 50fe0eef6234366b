import { casinoBetsQuerySchema, casinoBetsResponseSchema } from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Bus } from '../../lib/bus.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { requireUser } from '../auth/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { casinoAdminRoutes } from './admin-routes.ts';
import { AGGREGATOR_TIMEOUT_MS, httpAggregator, type CasinoAggregator } from './aggregator.ts';
import { readCasinoBets } from './bets-repo.ts';
import { launchRoutes } from './launch-routes.ts';
import type { LaunchDeps } from './launch-service.ts';
import type { CasinoWallet } from './wallet-service.ts';
import { walletRoutes } from './wallet-routes.ts';

export type CasinoDeps = {
  db: Database;
  /** The player's casino bets, a history, read on it (docs/decisions/0308). */
  readDb: Database;
  env: Pick<Env, 'CASINO_URL' | 'CASINO_OPERATOR_KEY' | 'CASINO_WALLET_SECRET'>;
  wallet: WalletService;
  /** The seamless wallet the aggregator's callbacks reach (compose.ts builds it). */
  casinoWallet: CasinoWallet;
  admission: LaunchDeps['admission'];
  /** Tells the other instances that the provider switch moved. */
  bus: Pick<Bus, 'publish'>;
  /** The aggregator's launch API; by default over HTTP at CASINO_URL (tests pass a fake). */
  casinoAggregator?: CasinoAggregator;
};

/**
 * Third-party casino games: launch, the signed seamless wallet, the player's casino bets, and the
 * console's view of them with the provider switch.
 */
export function casinoRoutes(deps: CasinoDeps): FastifyPluginAsyncZod {
  const now = () => Date.now();
  const aggregator =
    deps.casinoAggregator ??
    httpAggregator({
      baseUrl: deps.env.CASINO_URL,
      operatorKey: deps.env.CASINO_OPERATOR_KEY,
      timeoutMs: AGGREGATOR_TIMEOUT_MS,
    });
  return async (app) => {
    await app.register(
      launchRoutes({
        db: deps.db,
        aggregator,
        now,
        admission: deps.admission,
        provider: deps.casinoWallet.provider,
      }),
    );
    await app.register(
      casinoAdminRoutes({ db: deps.db, bus: deps.bus, provider: deps.casinoWallet.provider }),
    );
    await app.register(
      walletRoutes({ wallet: deps.casinoWallet, secret: deps.env.CASINO_WALLET_SECRET, now }),
    );
    // Refusals answered before the close still reach their record (wallet-refusals.ts).
    app.addHook('onClose', async () => deps.casinoWallet.refusalsRecorded());
    app.get(
      '/api/casino/bets',
      {
        schema: {
          tags: ['casino'],
          querystring: casinoBetsQuerySchema,
          response: { 200: casinoBetsResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => readCasinoBets(deps.readDb, { ...request.query, playerId: requireUser(request).id }),
    );
  };
}
