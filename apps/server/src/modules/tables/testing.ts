import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../db/database.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { tableUnitId } from './deps.ts';

/** A fake server clock the tests move by hand. */
export class TestClock {
  constructor(public nowMs = Date.UTC(2026, 2, 1, 12)) {}
  readonly read = () => this.nowMs;
  advanceBy(ms: number): void {
    this.nowMs += ms;
  }
}

export type TablesTestApp = TestContext & {
  clock: TestClock;
  admin: Record<string, string>;
  /** Runs the table's due phase changes now (what its timer does in the live server). */
  advance(tableId: string): Promise<void>;
  newPlayer(openingCredit?: string): Promise<{ id: string; headers: Record<string, string> }>;
  cashOf(playerId: string): Promise<bigint>;
};

let players = 0;

/**
 * A process that died: on PostgreSQL its unit leases run out (here at once, instead of after the TTL),
 * so the next process may take its units.
 */
export async function expireLeases(db: Database): Promise<void> {
  await db.query(`UPDATE unit_leases SET expires_at = now() - interval '1 second'`);
}

/** The app with table timers off, on a fake clock; a database handed in outlives the app (restarts). */
export async function startTablesApp(
  clock = new TestClock(),
  database?: Database,
  randomHex?: (bytes: number) => string,
): Promise<TablesTestApp> {
  const ctx = await startTestApp(
    {},
    { tables: { timers: false, nowMs: clock.read, ...(randomHex ? { randomHex } : {}) } },
    database,
  );
  const admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  return {
    ...ctx,
    clock,
    admin,
    async advance(tableId) {
      const result = await ctx.deps.units.send(tableUnitId(tableId), { type: 'advance' });
      if (!result.ok) throw new Error(`advance ${tableId}: ${result.code}`);
    },
    async newPlayer(openingCredit = '1000') {
      players += 1;
      const email = `tables-${process.pid}-${players}@test.local`;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/players',
        headers: admin,
        payload: { email, password: 'secret1', name: `Table player ${players}`, openingCredit },
      });
      if (response.statusCode !== 201) throw new Error(`new player: ${response.body}`);
      const id = response.json<{ player: { id: string } }>().player.id;
      return { id, headers: bearer(await loginAs(ctx.app, email, 'secret1')) };
    },
    async cashOf(playerId) {
      const balances = await ctx.deps.wallet.balances(playerId);
      return balances?.cashMinor ?? 0n;
    },
  };
}

/**
 * For a test file of restarts: one database, opened before its tests and closed after them, that every
 * process of the file runs on. `restart` closes the last process, lets its leases run out and starts a
 * fresh one on the same clock: nothing of the last one's memory survives.
 */
export function onOneDatabase(clock: TestClock, randomHex?: (bytes: number) => string) {
  let opened: Database | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(() => opened?.close());
  const kit = {
    get db(): Database {
      if (!opened) throw new Error('the test database opens before the tests');
      return opened;
    },
    async restart(previous: TablesTestApp | null): Promise<TablesTestApp> {
      await previous?.close();
      await expireLeases(kit.db);
      return startTablesApp(clock, kit.db, randomHex);
    },
  };
  return kit;
}
