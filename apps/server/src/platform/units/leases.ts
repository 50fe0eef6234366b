import type { Database } from '../../db/database.ts';

/** Ownership of live units (docs/decisions/0106): at most one holder per unit at a time. */
export interface Leases {
  /** This instance's name in the lease rows. */
  readonly owner: string;
  /** Takes the unit when free or expired, or renews it when already ours; true when we hold it now. */
  acquire(unitId: string): Promise<boolean>;
  /** Renews every lease we still hold among these; answers the ones renewed. */
  renew(unitIds: readonly string[]): Promise<Set<string>>;
  /** Gives the unit up at once, so another instance need not wait for the expiry. */
  release(unitId: string): Promise<void>;
  /** The instance holding an unexpired lease on the unit; null when none does. */
  holder(unitId: string): Promise<string | null>;
  /** The same, with the milliseconds its lease has left by the database clock. */
  heldBy(unitId: string): Promise<{ owner: string; leftMs: number } | null>;
  /** Those of these units that some instance holds an unexpired lease on. */
  held(unitIds: readonly string[]): Promise<Set<string>>;
  /**
   * Says this instance is alive for `ttlMs` more (docs/decisions/0307): once that has run out without
   * another beat, its leases are free whatever their own expiry. `continued` false: the previous beat had
   * run out, and another instance may hold any of this one's units now. `live`: the instances beating
   * on this database (null when there is only this process).
   */
  beat(ttlMs: number): Promise<Beat>;
}

export type Beat = { continued: boolean; live: string[] | null };

/** Those of `unitIds` no instance holds, in one statement; none when the database cannot say. */
export async function unheldUnits(
  leases: Pick<Leases, 'held'>,
  unitIds: readonly string[],
  log?: { warn(object: object, message: string): void },
): Promise<string[]> {
  if (unitIds.length === 0) return [];
  try {
    const held = await leases.held(unitIds);
    return unitIds.filter((unitId) => !held.has(unitId));
  } catch (error) {
    log?.warn({ err: error }, 'hosted units not looked up');
    return [];
  }
}

/**
 * The lease's owner has stopped beating (its row expired): the lease is free. An owner with no row (it
 * never beat yet) holds its leases until they expire.
 */
const OWNER_DEAD = `EXISTS (SELECT 1 FROM unit_instances i
  WHERE i.instance = unit_leases.owner AND i.expires_at <= now())`;
const OWNER_ALIVE_UNTIL = `coalesce((SELECT i.expires_at FROM unit_instances i
  WHERE i.instance = unit_leases.owner), 'infinity'::timestamptz)`;

/** Rows renewed per statement, so one renewal never becomes one huge query. */
const RENEW_BATCH = 1_000;

/** PostgreSQL: a row per unit with an expiry the owner renews; the database clock decides expiry. */
export class PgLeases implements Leases {
  constructor(
    private readonly db: Database,
    readonly owner: string,
    readonly ttlMs: number,
  ) {}

  async acquire(unitId: string): Promise<boolean> {
    // The upsert is one statement: two instances racing for a free unit cannot both win it.
    const rows = await this.db.query(
      `INSERT INTO unit_leases (unit_id, owner, expires_at)
       VALUES ($1, $2, now() + $3::int * interval '1 millisecond')
       ON CONFLICT (unit_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
       WHERE unit_leases.owner = EXCLUDED.owner OR unit_leases.expires_at < now() OR ${OWNER_DEAD}
       RETURNING unit_id`,
      [unitId, this.owner, this.ttlMs],
    );
    return rows.length === 1;
  }

  async renew(unitIds: readonly string[]): Promise<Set<string>> {
    const renewed = new Set<string>();
    for (let start = 0; start < unitIds.length; start += RENEW_BATCH) {
      const rows = await this.db.query<{ unit_id: string }>(
        `UPDATE unit_leases SET expires_at = now() + $3::int * interval '1 millisecond'
         WHERE owner = $1 AND unit_id = ANY($2::text[]) AND expires_at > now()
         RETURNING unit_id`,
        [this.owner, unitIds.slice(start, start + RENEW_BATCH), this.ttlMs],
      );
      for (const row of rows) renewed.add(row.unit_id);
    }
    return renewed;
  }

  async release(unitId: string): Promise<void> {
    await this.db.query('DELETE FROM unit_leases WHERE unit_id = $1 AND owner = $2', [unitId, this.owner]);
  }

  async holder(unitId: string): Promise<string | null> {
    return (await this.heldBy(unitId))?.owner ?? null;
  }

  async heldBy(unitId: string): Promise<{ owner: string; leftMs: number } | null> {
    const rows = await this.db.query<{ owner: string; left_ms: number | string }>(
      `SELECT owner, extract(epoch FROM least(expires_at, ${OWNER_ALIVE_UNTIL}) - now()) * 1000 AS left_ms
         FROM unit_leases WHERE unit_id = $1 AND expires_at > now() AND NOT ${OWNER_DEAD}`,
      [unitId],
    );
    const row = rows[0];
    return row ? { owner: row.owner, leftMs: Number(row.left_ms) } : null;
  }

  async held(unitIds: readonly string[]): Promise<Set<string>> {
    const rows = await this.db.query<{ unit_id: string }>(
      `SELECT unit_id FROM unit_leases
        WHERE unit_id = ANY($1::text[]) AND expires_at > now() AND NOT ${OWNER_DEAD}`,
      [unitIds],
    );
    return new Set(rows.map((row) => row.unit_id));
  }

  async beat(ttlMs: number): Promise<Beat> {
    // Rows of instances gone for an hour go too: their leases expired long ago.
    const [row] = await this.db.query<{ continued: boolean; live: string[] | null }>(
      `WITH forgotten AS (
         DELETE FROM unit_instances WHERE expires_at < now() - interval '1 hour' AND instance <> $1
       ), previous AS (
         SELECT expires_at > now() AS alive FROM unit_instances WHERE instance = $1
       ), beat AS (
         INSERT INTO unit_instances (instance, expires_at) VALUES ($1, now() + $2::int * interval '1 millisecond')
         ON CONFLICT (instance) DO UPDATE SET expires_at = EXCLUDED.expires_at
       )
       SELECT coalesce((SELECT alive FROM previous), true) AS continued,
              (SELECT array_agg(instance) FROM unit_instances WHERE expires_at > now()) AS live`,
      [this.owner, ttlMs],
    );
    // The snapshot predates this beat's own row: this instance is live once it beats.
    return { continued: row?.continued !== false, live: [...new Set([...(row?.live ?? []), this.owner])] };
  }
}

/** Embedded PGlite serves one process: it owns every unit, without a row or a query. */
export class LocalLeases implements Leases {
  constructor(readonly owner: string) {}

  async acquire(): Promise<boolean> {
    return true;
  }

  async renew(unitIds: readonly string[]): Promise<Set<string>> {
    return new Set(unitIds);
  }

  async release(): Promise<void> {}

  async holder(): Promise<string | null> {
    return null;
  }

  async heldBy(): Promise<{ owner: string; leftMs: number } | null> {
    return null;
  }

  async held(): Promise<Set<string>> {
    return new Set();
  }

  async beat(): Promise<Beat> {
    return { continued: true, live: null };
  }
}
