import {
  adminCasinoCallbacksPageSchema,
  adminCasinoCallbacksQuerySchema,
  adminCasinoRoundsPageSchema,
  adminCasinoRoundsQuerySchema,
  adminCasinoSessionsPageSchema,
  adminCasinoSessionsQuerySchema,
  casinoProviderChangeSchema,
  casinoProviderSchema,
  type CasinoProvider,
} from '@backlay/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap } from '../../platform/rejections.ts';
import { transaction } from '../../platform/transaction.ts';
import { actorOf, recordAudit, type AuditActor } from '../audit/index.ts';
import { ALL_STAFF, TRADING } from '../auth/index.ts';
import { listCasinoCallbacks, listCasinoRounds, listCasinoSessions } from './admin-lists-repo.ts';
import {
  CASINO_PROVIDER_TOPIC,
  readProvider,
  writeProvider,
  type CasinoProviderSwitch,
} from './admin-provider.ts';

export type CasinoAdminDeps = {
  db: Database;
  bus: Pick<Bus, 'publish'>;
  /** This instance's switch, told at once; the others hear the bus. */
  provider: Pick<CasinoProviderSwitch, 'forget'>;
};

const errors = errorResponses(400, 401, 403, 404, 409);

/** The console's casino (docs/decisions/0245): sessions, rounds, wallet callbacks, the provider switch. */
export function casinoAdminRoutes(deps: CasinoAdminDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/api/admin/casino/sessions',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          querystring: adminCasinoSessionsQuerySchema,
          response: { 200: adminCasinoSessionsPageSchema, ...errors },
        },
      },
      async (request) => listCasinoSessions(db, request.query),
    );

    app.get(
      '/api/admin/casino/rounds',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          querystring: adminCasinoRoundsQuerySchema,
          response: { 200: adminCasinoRoundsPageSchema, ...errors },
        },
      },
      async (request) => unwrap(await listCasinoRounds(db, request.query)),
    );

    app.get(
      '/api/admin/casino/callbacks',
      {
        config: { roles: ALL_STAFF },
        schema: {
          tags: ['admin'],
          description:
            'Money callbacks the wallet answered, accepted and refused (`refused`), with the answers given, newest first; balance callbacks are not listed.',
          querystring: adminCasinoCallbacksQuerySchema,
          response: { 200: adminCasinoCallbacksPageSchema, ...errors },
        },
      },
      async (request) => unwrap(await listCasinoCallbacks(db, request.query)),
    );

    app.get(
      '/api/admin/casino/provider',
      {
        config: { roles: ALL_STAFF },
        schema: { tags: ['admin'], response: { 200: casinoProviderSchema, ...errors } },
      },
      async () => readProvider(db),
    );

    app.post(
      '/api/admin/casino/provider',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['admin'],
          description:
            'Off: no casino game is launched and no bet is taken; wins and rollbacks of started rounds still are.',
          body: casinoProviderChangeSchema,
          response: { 200: casinoProviderSchema, ...errors },
        },
      },
      async (request) => {
        const { enabled, reason } = request.body;
        const moved = await switchProvider(db, actorOf(request), enabled, reason);
        if (moved) await announce(deps, request.log);
        return readProvider(db);
      },
    );
  };
}

/** Moves the switch and audits it in one transaction; false, with nothing written, if it stood so. */
async function switchProvider(
  db: Database,
  actor: AuditActor,
  enabled: boolean,
  reason: string | undefined,
): Promise<boolean> {
  return transaction(db, async (tx) => {
    const before: CasinoProvider = await readProvider(tx, { lock: true });
    if (before.enabled === enabled) return false;
    await writeProvider(tx, enabled, actor.id);
    await recordAudit(tx, actor, {
      action: enabled ? 'casino provider enable' : 'casino provider disable',
      target: 'casino:provider',
      before: { enabled: before.enabled },
      after: { enabled },
      reason: reason ?? null,
    });
    return true;
  });
}

/** After the commit: this instance at once, the others over the bus (best-effort, as the bus is). */
async function announce(deps: CasinoAdminDeps, log: FastifyBaseLogger): Promise<void> {
  deps.provider.forget();
  try {
    await deps.bus.publish(CASINO_PROVIDER_TOPIC, 'changed');
  } catch (error) {
    log.warn({ err: error }, 'the casino provider switch moved but the bus did not take the news');
  }
}
