import { PROVIDER_DISABLED_MESSAGE, type CasinoProvider } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { reject, type Rejection } from '../../platform/rejections.ts';
import { authTables } from '../auth/index.ts';

/**
 * The casino provider switch (docs/decisions/0245). Off, the portal launches no third-party game and
 * takes no bet from the aggregator; wins and rollbacks of rounds already started are still taken, so
 * no player loses a stake to the switch.
 */

/** Bus topic on which every instance hears that the switch moved; each one reads it again. */
export const CASINO_PROVIDER_TOPIC = 'casino:provider';

/** A read that overlapped a change is read again, this many times at most. */
const READS = 3;

export const providerDisabled = (): Rejection =>
  reject('conflict', 'PROVIDER_DISABLED', PROVIDER_DISABLED_MESSAGE);

/**
 * The switch as this instance holds it: read once, then held until the bus says it moved. So a wallet
 * callback costs no database round trip here. A caller inside a transaction passes its `sql` (an
 * embedded database has one connection).
 */
export class CasinoProviderSwitch {
  #enabled: boolean | undefined;
  /** Changes heard so far: a read that overlapped one may have seen the old value. */
  #changes = 0;

  constructor(
    private readonly sql: Sql,
    bus?: Pick<Bus, 'subscribe'>,
  ) {
    bus?.subscribe(CASINO_PROVIDER_TOPIC, () => this.forget());
  }

  /** Whether new launches and bets are taken. */
  async enabled(sql: Sql = this.sql): Promise<boolean> {
    if (this.#enabled !== undefined) return this.#enabled;
    for (let attempt = 1; ; attempt += 1) {
      const changes = this.#changes;
      const { enabled } = await readProvider(sql);
      if (this.#changes === changes) this.#enabled = enabled;
      if (this.#changes === changes || attempt === READS) return enabled;
    }
  }

  /** The switch moved (here or, heard over the bus, on another instance): read it before the next use. */
  forget(): void {
    this.#changes += 1;
    this.#enabled = undefined;
  }
}

type ProviderRow = { enabled: boolean; changed_at: Date | string | null; email: string | null };

/** The switch as stored, with who moved it last. */
export async function readProvider(sql: Sql, options: { lock?: boolean } = {}): Promise<CasinoProvider> {
  const [row] = await sql.query<ProviderRow>(
    `SELECT p.enabled, p.changed_at, u.email FROM casino_provider p
       LEFT JOIN ${authTables.users} u ON u.id = p.changed_by
      ${options.lock ? 'FOR UPDATE OF p' : ''}`,
  );
  return {
    enabled: row?.enabled ?? true,
    changedAt: row?.changed_at ? new Date(row.changed_at).toISOString() : null,
    changedBy: row?.email ?? null,
  };
}

export async function writeProvider(sql: Sql, enabled: boolean, staffId: string | null): Promise<void> {
  await sql.query('UPDATE casino_provider SET enabled = $1, changed_at = now(), changed_by = $2', [
    enabled,
    staffId,
  ]);
}
