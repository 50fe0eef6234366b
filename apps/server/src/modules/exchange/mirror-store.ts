import type { Sql } from '../../db/database.ts';

/** A market's mirroring as the database keeps it (docs/decisions/0271). */
export type MirrorRow = { mirrored: boolean; capMinor: bigint | null };

type Row = { mirrored: boolean; liability_cap_minor: bigint | string | null };

const fromRow = (row: Row | undefined): MirrorRow => ({
  mirrored: row?.mirrored ?? false,
  capMinor: row?.liability_cap_minor == null ? null : BigInt(row.liability_cap_minor),
});

export async function readMirror(sql: Sql, marketId: string): Promise<MirrorRow> {
  const [row] = await sql.query<Row>(
    'SELECT mirrored, liability_cap_minor FROM market_mirrors WHERE market_id = $1',
    [marketId],
  );
  return fromRow(row);
}

/** The first source book of a market: from now on it never quotes the fair price, even after a restart. */
export async function markMirrored(sql: Sql, marketId: string): Promise<void> {
  await sql.query(
    `INSERT INTO market_mirrors (market_id, mirrored) VALUES ($1, true)
     ON CONFLICT (market_id) DO UPDATE SET mirrored = true`,
    [marketId],
  );
}

/** The operator's cap, in the transaction that holds the market's row. */
export async function saveMirrorCap(sql: Sql, marketId: string, capMinor: bigint): Promise<void> {
  await sql.query(
    `INSERT INTO market_mirrors (market_id, liability_cap_minor) VALUES ($1, $2)
     ON CONFLICT (market_id) DO UPDATE SET liability_cap_minor = excluded.liability_cap_minor`,
    [marketId, capMinor.toString()],
  );
}
