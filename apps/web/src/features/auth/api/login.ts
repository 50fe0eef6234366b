import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest('/api/loginUser', {
    method: 'POST',
    body,
    schema: loginResponseSchema,
    keepSessionOn401: true,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
