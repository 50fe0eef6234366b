import { STAFF_ROLE_SETS, type StaffCapability, type StaffRole } from '@backlay/contracts';
import { useStaffSession } from './staff-session.ts';

/**
 * What each staff role may change: the sets the server's console routes declare (docs/decisions/0236).
 * The server decides; the console only leaves out the controls a role could not use.
 */
export type Capability = StaffCapability;

export function roleMay(role: StaffRole | undefined, capability: Capability): boolean {
  return role !== undefined && (STAFF_ROLE_SETS[capability] as readonly StaffRole[]).includes(role);
}

/** Whether the signed-in staff member may use a capability's controls. */
export function useMay(capability: Capability): boolean {
  return roleMay(useStaffSession()?.user.staffRole, capability);
}
