import pg from 'pg';

/** Units per kind and owner, as `unit_leases` holds them now. Owners are named A, B, … in first-seen order. */
export type LeaseCount = { kind: string; owner: string; units: number };

export type Leases = {
  counts: LeaseCount[];
  /** The owner letter of each unit asked about (the bench's hot markets), or '-' when none holds it. */
  ownersOf: Record<string, string>;
};

/** Letters for the instances' random ids, stable over the calls of one cluster. */
export class OwnerNames {
  readonly #names = new Map<string, string>();

  name(owner: string): string {
    let name = this.#names.get(owner);
    if (!name) {
      name = String.fromCharCode(65 + this.#names.size);
      this.#names.set(owner, name);
    }
    return name;
  }
}

export async function readLeases(
  databaseUrl: string,
  names: OwnerNames,
  unitIds: readonly string[] = [],
): Promise<Leases> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counted = await client.query<{ kind: string; owner: string; units: number }>(
      `SELECT split_part(unit_id, ':', 1) AS kind, owner, count(*)::int AS units
         FROM unit_leases WHERE expires_at > now() GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const held = await client.query<{ unit_id: string; owner: string }>(
      'SELECT unit_id, owner FROM unit_leases WHERE unit_id = ANY($1::text[]) AND expires_at > now()',
      [unitIds],
    );
    const ownerOf = new Map(held.rows.map((row) => [row.unit_id, names.name(row.owner)]));
    return {
      counts: counted.rows.map((row) => ({ kind: row.kind, owner: names.name(row.owner), units: row.units })),
      ownersOf: Object.fromEntries(unitIds.map((unitId) => [unitId, ownerOf.get(unitId) ?? '-'])),
    };
  } finally {
    await client.end();
  }
}

/** `market A:3 B:1, crash A:1, table B:4`: units per kind and owner on one line. */
export function leaseLine(counts: readonly LeaseCount[]): string {
  const byKind = new Map<string, string[]>();
  for (const { kind, owner, units } of counts) {
    byKind.set(kind, [...(byKind.get(kind) ?? []), `${owner}:${units}`]);
  }
  return [...byKind].map(([kind, owners]) => `${kind} ${owners.join(' ')}`).join(', ') || 'none';
}
