import type { Staff, StaffRole } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';

/** Staff are the operator's accounts, rows of `users` with a role: the staff module manages them here. */

type StaffRow = { id: string; email: string; name: string; staff_role: StaffRole; status: string };

const staffOf = (row: StaffRow): Staff => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.staff_role,
  disabled: row.status !== 'active',
});

const COLUMNS = 'id, email, name, staff_role, status';

export async function listStaff(sql: Sql): Promise<Staff[]> {
  const rows = await sql.query<StaffRow>(
    `SELECT ${COLUMNS} FROM users WHERE role = 'operator' ORDER BY created_at, email LIMIT 500`,
  );
  return rows.map(staffOf);
}

/** A staff member's row, locked for a change. */
export async function lockStaff(sql: Sql, id: string): Promise<Staff | null> {
  const [row] = await sql.query<StaffRow>(
    `SELECT ${COLUMNS} FROM users WHERE id = $1 AND role = 'operator' FOR UPDATE`,
    [id],
  );
  return row ? staffOf(row) : null;
}

export async function saveStaff(sql: Sql, staff: Staff): Promise<void> {
  await sql.query('UPDATE users SET staff_role = $2, status = $3 WHERE id = $1', [
    staff.id,
    staff.role,
    staff.disabled ? 'suspended' : 'active',
  ]);
}

/** Active owners other than `exceptId`, with their rows locked: the last owner may not go. */
export async function otherActiveOwners(sql: Sql, exceptId: string): Promise<number> {
  const rows = await sql.query(
    `SELECT id FROM users WHERE role = 'operator' AND staff_role = 'owner' AND status = 'active' AND id <> $1
     FOR UPDATE`,
    [exceptId],
  );
  return rows.length;
}

/** An active staff member's role, read afresh; null for anyone else (an id that is no uuid too). */
export async function readActiveStaffRole(sql: Sql, userId: string): Promise<StaffRole | null> {
  const [row] = await sql.query<{ staff_role: StaffRole | null }>(
    `SELECT staff_role FROM users WHERE id::text = $1 AND status = 'active'`,
    [userId],
  );
  return row?.staff_role ?? null;
}
