import type { LoginResponse } from '@backlay/contracts';
import { useRequest } from '@backlay/front-kit/use-request';
import { loadSignInRequests } from './login.ts';

/** Creates a fresh funded demo player and signs in as it (the request loads lazily, see login.ts). */
export async function demoLogin(): Promise<LoginResponse> {
  return (await loadSignInRequests()).demoLogin();
}

export function useDemoLogin() {
  return useRequest(demoLogin);
}
