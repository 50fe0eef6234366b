import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/test-app.ts';
import type { JsonObject } from '../api-ng/json.ts';
import { ApiNgError, type ApiNgOperations, type ApiNgParams } from '../api-ng/operation.ts';
import { CATALOGUE_EVENTS, insertEvents, tradingClient } from './catalogue-fixtures.ts';
import { createCatalogueOperations } from './index.ts';

export const TEST_CALLER = { playerId: 'p', sessionToken: 't', appKey: 'k' };

type Current = {
  ctx: TestContext;
  x: Awaited<ReturnType<typeof tradingClient>>;
  ops: ApiNgOperations;
};

/**
 * One app for a test file, with the catalogue's fixture events, and the calls its tests make. Read
 * `current` inside the tests: it is set before the first one.
 */
export function catalogueTestApp() {
  const current = {} as Current;
  beforeAll(async () => {
    current.ctx = await startTestApp();
    current.x = await tradingClient(current.ctx);
    await insertEvents(current.ctx.deps.db, CATALOGUE_EVENTS);
    current.ops = createCatalogueOperations({ db: current.ctx.deps.db, exchange: current.ctx.deps.exchange });
  });
  afterAll(() => current.ctx.close());

  const call = async <T = JsonObject[]>(name: string, params: object, ops = current.ops) =>
    (await ops[name]!(TEST_CALLER, params as ApiNgParams)) as T;

  /** The error code an operation throws, or 'none'. */
  async function errorOf(name: string, params: object): Promise<string> {
    try {
      await call(name, params);
      return 'none';
    } catch (error) {
      if (error instanceof ApiNgError) return error.errorCode;
      throw error;
    }
  }

  /** Betfair's number of one of our rows. */
  async function bfIdOf(table: 'markets' | 'events' | 'runners', where: string, params: unknown[]) {
    const [row] = await current.ctx.deps.db.query<{ bf_id: bigint }>(
      `SELECT bf_id FROM ${table} WHERE ${where}`,
      params,
    );
    return String(row!.bf_id);
  }
  const bfMarket = async (id: string) => `1.${await bfIdOf('markets', 'id = $1', [id])}`;

  return { current, call, errorOf, bfIdOf, bfMarket };
}
