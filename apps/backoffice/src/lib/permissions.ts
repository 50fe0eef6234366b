import type { StaffRole } from '@backlay/contracts';
import { useStaffSession } from './staff-session.ts';

/**
 * What each staff role may change, mirroring the server's route roles (docs/decisions/0236). The
 * server decides; the console only leaves out the controls a role could not use.
 */
export const CAPABILITY_ROLES = {
  /** Players' money, status, bet lock and stake cap. */
  playerDesk: ['owner', 'support'],
  /** Events, markets, settlement and bets. */
  trading: ['owner', 'trader'],
  /** Staff accounts. */
  staff: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Capability = keyof typeof CAPABILITY_ROLES;

export function roleMay(role: StaffRole | undefined, capability: Capability): boolean {
  return role !== undefined && (CAPABILITY_ROLES[capability] as readonly StaffRole[]).includes(role);
}

/** Whether the signed-in staff member may use a capability's controls. */
export function useMay(capability: Capability): boolean {
  return roleMay(useStaffSession()?.user.staffRole, capability);
}
