import type { LoginSettings } from './options.ts';

/** An identity answer is a few hundred bytes; more is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;
const LOGIN_TIMEOUT_MS = 15_000;

/** Login errors that may pass on their own; every other refusal needs a person (password, key, account). */
const PASSING_ERRORS = new Set(['TEMPORARY_BAN_TOO_MANY_REQUESTS', 'SERVICE_BUSY', 'TRANSACTION_BUSY']);

/** The identity service refused the login for good (`error` as it names it). */
export class LoginRefused extends Error {
  constructor(readonly error: string) {
    super(`login refused: ${error}`);
  }
}

/**
 * A session token from Betfair's interactive login: a form post to `${identityUrl}login` with the app
 * key, answered `{token, status: 'SUCCESS'}` as JSON. A lasting refusal throws LoginRefused; a failure
 * that may pass (network, HTTP error, TEMPORARY_BAN_TOO_MANY_REQUESTS) throws an Error; so does `signal`.
 */
export async function loginForSession(
  login: LoginSettings,
  appKey: string,
  signal?: AbortSignal,
): Promise<string> {
  const base = login.identityUrl.endsWith('/') ? login.identityUrl : `${login.identityUrl}/`;
  const response = await fetch(`${base}login`, {
    method: 'POST',
    headers: {
      'X-Application': appKey,
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ username: login.username, password: login.password }).toString(),
    signal: signal
      ? AbortSignal.any([signal, AbortSignal.timeout(LOGIN_TIMEOUT_MS)])
      : AbortSignal.timeout(LOGIN_TIMEOUT_MS),
  });
  const text = await boundedText(response);
  if (!response.ok) throw new Error(`login answered HTTP ${response.status}`);
  const answer = parseAnswer(text);
  if (answer.status === 'SUCCESS' && answer.token) return answer.token;
  const error = answer.error || 'LOGIN_FAILED';
  if (PASSING_ERRORS.has(error)) throw new Error(`login refused for now: ${error}`);
  throw new LoginRefused(error);
}

type IdentityAnswer = { token?: string; status?: string; error?: string };

function parseAnswer(text: string): IdentityAnswer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('login answered something other than JSON');
  }
  if (!value || typeof value !== 'object') throw new Error('login answered something other than an object');
  const { token, status, error } = value as Record<string, unknown>;
  return {
    ...(typeof token === 'string' ? { token } : {}),
    ...(typeof status === 'string' ? { status } : {}),
    ...(typeof error === 'string' ? { error } : {}),
  };
}

/** The body as text, refused past MAX_ANSWER_BYTES rather than read whole. */
async function boundedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    // Leaving the loop by a throw cancels the body.
    if (bytes > MAX_ANSWER_BYTES) throw new Error(`login answered more than ${MAX_ANSWER_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
