import { jsonRequest, readErrorResponse, type ResponseSchema } from '@backlay/front-kit/http';
import { clearSession, getSession } from '../session.ts';
import { NETWORK_ERROR_TEXT } from './error-messages.ts';

/**
 * Placing, cancelling and cashing out are refused with a `code` the slip turns into its own words
 * (error-messages.ts), so these calls answer a result value instead of throwing: `ok` with the parsed
 * body, or the HTTP status, code and server message. A network failure is status 0.
 */
export type BetCallResult<T> =
  { ok: true; value: T } | { ok: false; status: number; code: string | null; message: string };

export interface BetCall<T> {
  method: 'POST' | 'DELETE';
  body?: unknown;
  schema: ResponseSchema<T>;
}

export async function betRequest<T>(path: string, call: BetCall<T>): Promise<BetCallResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, jsonRequest(call.method, call.body, getSession()?.token));
  } catch {
    return { ok: false, status: 0, code: null, message: NETWORK_ERROR_TEXT };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    // A refused token ends the session: the access gate then shows the login screen.
    if (response.status === 401) clearSession();
    const error = readErrorResponse(answer);
    return { ok: false, status: response.status, code: error?.code ?? null, message: error?.message ?? '' };
  }
  const parsed = call.schema.safeParse(answer);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, status: response.status, code: null, message: `Unexpected response from ${path}` };
}
