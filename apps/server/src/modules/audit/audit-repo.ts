import type { AuditEntry, AuditQuery } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';

/**
 * Who did it, from where (docs/decisions/0236): a staff member signed in to the console, or a tool on
 * the server (the admin command line) with no account behind it.
 */
export type AuditActor = { id: string | null; email: string; role: string; address: string };

export type AuditRecord = {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

/** Appends one entry; call it inside the transaction of the change it records. */
export async function recordAudit(tx: Sql, actor: AuditActor, record: AuditRecord): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor_id, actor_email, actor_role, address, action, target, before, after, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      actor.id,
      actor.email,
      actor.role,
      actor.address.slice(0, 100),
      record.action,
      record.target,
      record.before === undefined ? null : JSON.stringify(record.before),
      record.after === undefined ? null : JSON.stringify(record.after),
      record.reason ?? null,
    ],
  );
}

type AuditRow = {
  id: string | number;
  at: Date | string;
  actor_id: string | null;
  actor_email: string;
  actor_role: string;
  address: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string | null;
};

const entryOf = (row: AuditRow): AuditEntry => ({
  id: String(row.id),
  at: new Date(row.at).toISOString(),
  actor: { id: row.actor_id, email: row.actor_email, role: row.actor_role },
  address: row.address,
  action: row.action,
  target: row.target,
  before: row.before,
  after: row.after,
  reason: row.reason,
});

/** Newest first, filtered, one page at a time: `next` is the cursor of the following page. */
export async function listAudit(
  sql: Sql,
  query: AuditQuery,
): Promise<{ items: AuditEntry[]; next: string | null }> {
  const rows = await sql.query<AuditRow>(
    `SELECT id, at, actor_id, actor_email, actor_role, address, action, target, before, after, reason
       FROM audit_log
      WHERE ($1::uuid IS NULL OR actor_id = $1::uuid)
        AND ($2::text IS NULL OR action = $2::text)
        AND ($3::timestamptz IS NULL OR at >= $3::timestamptz)
        AND ($4::bigint IS NULL OR id < $4::bigint)
      ORDER BY id DESC LIMIT $5`,
    [query.actor ?? null, query.action ?? null, query.since ?? null, query.cursor ?? null, query.limit + 1],
  );
  const items = rows.slice(0, query.limit).map(entryOf);
  const next = rows.length > query.limit ? (items[items.length - 1]?.id ?? null) : null;
  return { items, next };
}
