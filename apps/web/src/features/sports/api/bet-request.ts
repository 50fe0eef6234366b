import { errorResponseSchema } from '@backlay/contracts';
import { buildHeaders, requestBody, type RequestOptions } from '../../../lib/api-client.ts';
import { clearSession, getSession } from '../../../lib/session.ts';

/**
 * The bets API's refusals carry a `code` the slip turns into a message of its own (bet-errors.ts), so
 * these calls answer a result value instead of throwing: `ok` with the parsed body, or the HTTP status,
 * code and server message. A network failure is status 0.
 */
export type BetCallResult<T> =
  { ok: true; value: T } | { ok: false; status: number; code: string | null; message: string };

const NETWORK_MESSAGE = 'Connection error. Check your connection and try again.';

export async function betRequest<T>(
  path: string,
  options: Required<Pick<RequestOptions<T>, 'schema'>> & Pick<RequestOptions<T>, 'method' | 'body'>,
): Promise<BetCallResult<T>> {
  const method = options.method ?? 'GET';
  const body = requestBody(method, options.body);
  const headers = buildHeaders(getSession()?.token ?? null);
  // A JSON content type with no body is a 400 for the server's parser (DELETE sends none).
  if (body === undefined) delete headers['Content-Type'];
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body });
  } catch {
    return { ok: false, status: 0, code: null, message: NETWORK_MESSAGE };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    // A refused token ends the session: the access gate then shows the login screen.
    if (response.status === 401) clearSession();
    const error = errorResponseSchema.safeParse(answer).data;
    return { ok: false, status: response.status, code: error?.code ?? null, message: error?.message ?? '' };
  }
  const parsed = options.schema.safeParse(answer);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, status: response.status, code: null, message: `Unexpected response from ${path}` };
}
