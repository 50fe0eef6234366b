import type { LoginRequest, LoginResponse } from '@backlay/contracts';
import { loginResponseGuard } from '../../../lib/response-guards.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRequest } from '../../../lib/use-request.ts';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest('/api/loginUser', {
    method: 'POST',
    body,
    schema: loginResponseGuard,
    keepSessionOn401: true,
  });
}

export function useLogin() {
  return useRequest(login);
}
