import type { Rejection } from '../../../platform/rejections.ts';

/**
 * The portal's sign-in refusals under Betfair's login error names (docs/decisions/0255). A suspended
 * account is SUSPENDED; a self-exclusion and a reached session limit (both the player's own
 * time-outs) are SELF_EXCLUDED; the sign-in limits are TEMPORARY_BAN_TOO_MANY_REQUESTS.
 */
export function loginErrorOf(rejection: Rejection): string {
  switch (rejection.code) {
    case 'SELF_EXCLUDED':
    case 'SESSION_LIMIT_REACHED':
      return 'SELF_EXCLUDED';
    case 'RATE_LIMITED':
    case 'BUSY':
      return 'TEMPORARY_BAN_TOO_MANY_REQUESTS';
    case 'UNAUTHORIZED':
      return /suspended/i.test(rejection.message) ? 'SUSPENDED' : 'INVALID_USERNAME_OR_PASSWORD';
    default:
      return 'INVALID_USERNAME_OR_PASSWORD';
  }
}
