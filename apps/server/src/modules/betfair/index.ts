/**
 * The trading API (docs/decisions/0255): Betfair-compatible identity and API-NG under /betfair/, and the
 * app keys players make for their programs. Other modules reach it only through this file.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { appKeyRoutes } from './app-keys/routes.ts';
import { KeyRing } from './app-keys/key-ring.ts';
import { apiNgRoutes, type ApiNgOperationSets } from './api-ng/routes.ts';
import { betfairBodies } from './bodies.ts';
import { Callers } from './callers.ts';
import { identityRoutes, type IdentityDeps } from './identity/routes.ts';

export { betfairOperations } from './operations.ts';
export { BetfairStreamServer, startBetfairStream, tlsIdentity } from './stream/index.ts';
export { APP_KEYS_TOPIC } from './app-keys/key-ring.ts';
export type { ApiNgOperationSets } from './api-ng/routes.ts';
export {
  ApiNgError,
  type ApiNgCaller,
  type ApiNgOperation,
  type ApiNgOperations,
} from './api-ng/operation.ts';

export type BetfairDeps = IdentityDeps & { db: Database; bus: Bus };

/** Registers the app key routes, identity and API-NG with the given operation sets. */
export async function registerBetfair(
  app: FastifyInstance,
  deps: BetfairDeps,
  operations: ApiNgOperationSets,
): Promise<void> {
  const ring = new KeyRing(deps.db, deps.bus);
  ring.start();
  const callers = new Callers(deps.db, deps.bus, ring);
  app.addHook('onClose', async () => {
    ring.close();
    callers.close();
  });
  await app.register(appKeyRoutes(deps, ring));
  await app.register(async (scope) => {
    // Betfair documents these; the portal's OpenAPI lists only its own routes.
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    betfairBodies(scope);
    identityRoutes(scope, deps, callers);
    apiNgRoutes(scope, callers, operations);
  });
}
export { betfairTables } from './shared-tables.ts';
