/**
 * The auth module's face: sign-in routes, the bearer gate, sessions and the revocation announcement.
 * Other modules and the platform reach auth only through this file (docs/decisions/0071).
 */
export { authRoutes, type AuthDeps } from './routes.ts';
export { registerAuth, requireUser, routeAccess } from './gate.ts';
export { ALL_STAFF, isAgentSession, OWNER_ONLY, PLAYER_DESK, TRADING } from './staff-gate.ts';
export { createSignInGuard, type SignInOptions } from './sign-in-guard.ts';
export type { PlayerCreatedHook } from './demo.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { insertUser, findUserByEmail, findUserById, type UserRow } from './users-repo.ts';
export { lockUser, setApiAccess, setPlayerColumn } from './player-columns.ts';
export { readActiveStaffRole, listStaff, lockStaff, otherActiveOwners, saveStaff } from './staff-repo.ts';
export { readLiveSessions, readSignIns, sessionStartedAt } from './account-history.ts';
export { authTables } from './shared-tables.ts';
export type { AgentProfileHook, SignInRefusalHook } from './sign-in-refusal.ts';
export { createSession, findSession, revokeAllSessions, revokeSession } from './sessions-repo.ts';
export { recordFailedSignIn, SIGN_INS_KEPT, type SignInOrigin } from './sign-ins.ts';
/** Signs a player in directly (the wallet benchmark signs its operator in this way). */
export { login, type LoginDeps } from './auth-service.ts';
export {
  announceRevocation,
  SessionCache,
  SESSIONS_REVOKED_TOPIC,
  type SessionRevocation,
} from './session-cache.ts';
export { throttleAddress } from './client-address.ts';
export { originOf } from './sign-ins.ts';
export { sessionSource } from './session-source.ts';
export { hashToken, newToken } from './tokens.ts';
