import type { LoginRequest, LoginResponse } from '@backlay/contracts';
import { useRequest } from '@backlay/front-kit/use-request';

/**
 * The sign-in requests and the API client under them load when the player first touches the form,
 * or at the latest on sign-in, not with the login screen's first paint (docs/decisions/0210). A chunk
 * that cannot load fails like the request would: a `TypeError`, "server could not be reached".
 */
export const loadSignInRequests = () => import('./sign-in-requests.ts');

export async function login(body: LoginRequest): Promise<LoginResponse> {
  return (await loadSignInRequests()).login(body);
}

export function useLogin() {
  return useRequest(login);
}
