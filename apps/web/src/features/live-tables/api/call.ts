import { errorResponseSchema } from '@backlay/contracts';
import { buildHeaders, requestBody } from '../../../lib/api-client.ts';
import { clearSession, getSession } from '../../../lib/session.ts';

/**
 * Bets and cash-outs are refused with a `code` the screen turns into its own words (bet-errors.ts),
 * so these calls answer a result value instead of throwing. A network failure is status 0.
 */
export type CallResult<T> =
  { ok: true; value: T } | { ok: false; status: number; code: string | null; message: string };

interface Parser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

export async function postForResult<T>(
  path: string,
  body: unknown,
  schema: Parser<T>,
): Promise<CallResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: buildHeaders(getSession()?.token ?? null),
      body: requestBody('POST', body),
    });
  } catch {
    return { ok: false, status: 0, code: null, message: '' };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401) clearSession();
    const error = errorResponseSchema.safeParse(answer).data;
    return { ok: false, status: response.status, code: error?.code ?? null, message: error?.message ?? '' };
  }
  const parsed = schema.safeParse(answer);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, status: response.status, code: null, message: `Unexpected response from ${path}` };
}

/**
 * The player's reference for one placement, sent again unchanged if the same click is retried.
 * Random bytes rather than `crypto.randomUUID`, which needs a secure context.
 */
export function newClientRef(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${prefix}-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
