import type { LoginResponse } from '@backlay/contracts';
import { loginResponseGuard } from '../../../lib/response-guards.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRequest } from '../../../lib/use-request.ts';

/** Creates a fresh funded demo player and signs in as it. */
export function demoLogin(): Promise<LoginResponse> {
  return apiRequest('/api/demoLogin', {
    method: 'POST',
    schema: loginResponseGuard,
    keepSessionOn401: true,
  });
}

export function useDemoLogin() {
  return useRequest(demoLogin);
}
