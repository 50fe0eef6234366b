import type { ErrorResponse } from '@backlay/contracts';
import type {
  PlayView,
  RotateView,
  SeedsView,
  SessionView,
  VerifyGamesView,
} from '../../../src/contract/api.ts';

export type {
  GameView,
  PlayView,
  RevealedView,
  RoundView,
  SeedsView,
  SessionView,
  VerifyFieldForm,
  VerifyGameForm,
} from '../../../src/contract/api.ts';

export type ApiResult<T> = { ok: true; value: T } | { ok: false; message: string; code: string };

/** Requests wait at most this long; the server's own wallet timeout is shorter. */
const REQUEST_TIMEOUT_MS = 15_000;

async function request<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, message: 'Connection error. Check your connection and try again.', code: 'NETWORK' };
  }
  const json = (await response.json().catch(() => null)) as unknown;
  if (response.ok && json !== null) return { ok: true, value: json as T };
  const error = (json ?? {}) as Partial<ErrorResponse>;
  return {
    ok: false,
    message: error.message ?? `Request failed (${response.status}).`,
    code: error.code ?? 'HTTP',
  };
}

export const api = {
  session: (token: string) => request<SessionView>('POST', '/api/session', { token }),
  play: (token: string, amount: string, params: object) =>
    request<PlayView>('POST', '/api/session/play', { token, amount, params }),
  act: (token: string, action: { type: string } & Record<string, unknown>) =>
    request<PlayView>('POST', '/api/session/action', { token, action }),
  setClientSeed: (token: string, clientSeed: string) =>
    request<SeedsView>('POST', '/api/session/seeds/client', { token, clientSeed }),
  rotate: (token: string) => request<RotateView>('POST', '/api/session/seeds/rotate', { token }),
  verify: (query: string) => request<Record<string, unknown>>('GET', `/fair/verify?${query}`),
  verifyGames: () => request<VerifyGamesView>('GET', '/fair/verify/games'),
};
