import { errorResponseSchema } from '@backlay/contracts';
import { clearStaffSession, getStaffSession } from './staff-session.ts';

/** A refusal from the server, carrying its own words (a 403 says which role the action needs). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

interface Parser<T> {
  safeParse: (input: unknown) => { success: true; data: T } | { success: false };
}

export interface HttpOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  /** Validates the JSON answer; omitted for bodiless answers (204). */
  schema?: Parser<T>;
  /** Sign-in answers 401 for a wrong password: that is a message, not an expired session. */
  keepSessionOn401?: boolean;
  /** A token other than the stored session's (ending a refused sign-in). */
  token?: string;
  signal?: AbortSignal;
}

type QueryValue = string | number | undefined | null;

/** `/api/x?a=1` from the values that are set; empty strings are left out like missing ones. */
export function withQuery(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function refusal(response: Response): Promise<HttpError> {
  const fallback = `${response.status} ${response.statusText}`.trim();
  try {
    const parsed = errorResponseSchema.safeParse(await response.json());
    if (parsed.success) return new HttpError(response.status, parsed.data.message, parsed.data.code ?? null);
  } catch {
    // Not JSON (a proxy's page): the status line says enough.
  }
  return new HttpError(response.status, fallback, null);
}

/**
 * Calls the portal's API with the staff member's bearer token. A 401 means the session ended (signed
 * out elsewhere, disabled, expired): the session is dropped and the console returns to sign-in.
 */
export async function http<T = undefined>(path: string, options: HttpOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token ?? getStaffSession()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  // The server's JSON parser refuses an empty body announced as JSON, so a bodiless POST sends `{}`.
  const body = method === 'GET' ? undefined : JSON.stringify(options.body ?? {});
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, body, signal: options.signal });
  if (!response.ok) {
    if (response.status === 401 && !options.keepSessionOn401) clearStaffSession();
    throw await refusal(response);
  }
  if (!options.schema) return undefined as T;
  const parsed = options.schema.safeParse(await response.json());
  if (!parsed.success) throw new HttpError(response.status, `Unexpected answer from ${path}`, null);
  return parsed.data;
}

/** What to show for a failed call: the server's message where it gave one. */
export const failureText = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong.';
