import { apiRequest } from '../../../lib/api-client.ts';

/** Revokes the current token (204). */
export function logout(): Promise<void> {
  return apiRequest('/api/logout', { method: 'POST', keepSessionOn401: true });
}
