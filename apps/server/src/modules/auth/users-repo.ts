import type { Role, StaffRole, User } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { newUniqueCode } from './tokens.ts';

export type UserStatus = 'active' | 'suspended';

export type UserRow = {
  id: string;
  unique_code: string;
  email: string;
  name: string;
  role: Role;
  /** Set exactly for the operator's staff (docs/decisions/0236). */
  staff_role: StaffRole | null;
  status: UserStatus;
  is_demo: boolean;
  password_hash: string | null;
};

export const toPublicUser = (row: UserRow): User => ({
  id: row.id,
  unique_code: row.unique_code,
  email: row.email,
  name: row.name,
  role: row.role,
  ...(row.staff_role ? { staffRole: row.staff_role } : {}),
});

export const USER_COLUMNS = 'id, unique_code, email, name, role, staff_role, status, is_demo, password_hash';
const COLUMNS = USER_COLUMNS;

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const rows = await sql.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [email]);
  return rows[0];
}

export async function findUserById(sql: Sql, id: string): Promise<UserRow | undefined> {
  const rows = await sql.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

export type NewUser = {
  email: string;
  name: string;
  role: Role;
  passwordHash: string | null;
  isDemo?: boolean;
  /** Required for an operator account: the first one is the owner. */
  staffRole?: StaffRole;
  /** Refused every stake by the admission gate from the start (an agent's account never bets). */
  betLocked?: boolean;
};

/** Inserts a user; answers undefined when the email is taken. */
export async function insertUser(sql: Sql, user: NewUser): Promise<UserRow | undefined> {
  const rows = await sql.query<UserRow>(
    `INSERT INTO users (unique_code, email, name, role, password_hash, is_demo, staff_role, bet_locked)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (email) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      newUniqueCode(),
      user.email,
      user.name,
      user.role,
      user.passwordHash,
      user.isDemo ?? false,
      user.role === 'operator' ? (user.staffRole ?? 'owner') : null,
      user.betLocked ?? false,
    ],
  );
  return rows[0];
}
