import type { Staff, StaffRole } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { ok, reject, transactionResult, type Result } from '../../platform/rejections.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import {
  announceRevocation,
  hashPassword,
  insertUser,
  lockStaff,
  otherActiveOwners,
  revokeAllSessions,
  saveStaff,
} from '../auth/index.ts';

/**
 * The owner's management of staff (docs/decisions/0236). Each change is audited in its transaction; a
 * disabled member is signed out everywhere at once; the last active owner can be neither demoted nor
 * disabled, so the business never locks itself out.
 */
export type StaffDeps = { db: Database; bus: Bus };

export type NewStaff = { email: string; password: string; name: string; role: StaffRole };

export async function createStaff(
  deps: StaffDeps,
  input: NewStaff,
  actor: AuditActor,
): Promise<Result<Staff>> {
  const passwordHash = await hashPassword(input.password);
  return transactionResult(deps.db, async (tx) => {
    const email = input.email.trim().toLowerCase();
    const user = await insertUser(tx, {
      email,
      name: input.name,
      role: 'operator',
      passwordHash,
      staffRole: input.role,
    });
    if (!user) return reject('conflict', 'EMAIL_TAKEN', 'A user with this email already exists.');
    const staff: Staff = { id: user.id, email, name: user.name, role: input.role, disabled: false };
    await recordAudit(tx, actor, { action: 'staff create', target: `staff:${user.id}`, after: staff });
    return ok(staff);
  });
}

const notFound = () => reject('not_found', 'STAFF_NOT_FOUND', 'There is no such staff member.');
const lastOwner = () =>
  reject(
    'conflict',
    'LAST_OWNER',
    'The last active owner cannot be demoted or disabled: make another owner first.',
  );

export async function changeStaff(
  deps: StaffDeps,
  id: string,
  change: { role?: StaffRole; disabled?: boolean },
  actor: AuditActor,
): Promise<Result<Staff>> {
  return transactionResult(deps.db, async (tx) => {
    const before = await lockStaff(tx, id);
    if (!before) return notFound();
    const after: Staff = {
      ...before,
      role: change.role ?? before.role,
      disabled: change.disabled ?? before.disabled,
    };
    const stopsOwning =
      before.role === 'owner' && !before.disabled && (after.role !== 'owner' || after.disabled);
    if (stopsOwning && (await otherActiveOwners(tx, id)) === 0) return lastOwner();
    await saveStaff(tx, after);
    if (after.disabled && !before.disabled) {
      await revokeAllSessions(tx, id);
      afterCommit(() => announceRevocation(deps.bus, { userId: id }));
    }
    await recordAudit(tx, actor, { action: 'staff change', target: `staff:${id}`, before, after });
    return ok(after);
  });
}
