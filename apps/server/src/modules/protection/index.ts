/** Player protection: breaks from play, limits and their history (docs/decisions/0232, 0235). */
export { protectionRoutes } from './routes.ts';
export type { ProtectionDeps } from './breaks-service.ts';
export { limitsRoutes } from './limits-routes.ts';
export { readLimits } from './limits-service.ts';
export { startProtection } from './protection-worker.ts';
export { depositRefusal } from './deposit-limit.ts';
export { endLimitedSessions } from './session-limit.ts';
export { signInRefusal } from './sign-in-refusal.ts';
export { standingReads, standingReadsWith } from './standing-reads.ts';
export { protectionTables } from './shared-tables.ts';
