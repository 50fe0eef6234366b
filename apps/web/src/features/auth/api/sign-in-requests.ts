import type { LoginRequest, LoginResponse } from '@backlay/contracts';
import { loginResponseGuard } from '../../../lib/response-guards.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/loginUser`; its 401 means wrong credentials, not an ended session. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest('/api/loginUser', {
    method: 'POST',
    body,
    schema: loginResponseGuard,
    keepSessionOn401: true,
  });
}

/** Creates a fresh funded demo player and signs in as it. */
export function demoLogin(): Promise<LoginResponse> {
  return apiRequest('/api/demoLogin', {
    method: 'POST',
    schema: loginResponseGuard,
    keepSessionOn401: true,
  });
}
