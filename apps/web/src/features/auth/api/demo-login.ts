import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginResponse } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Creates a fresh funded demo player and signs in as it. */
export function demoLogin(): Promise<LoginResponse> {
  return apiRequest('/api/demoLogin', {
    method: 'POST',
    schema: loginResponseSchema,
    keepSessionOn401: true,
  });
}

export function useDemoLogin() {
  return useMutation({ mutationFn: demoLogin });
}
