import { clearSession, getSession } from './session.ts';
import { readErrorResponse, type ResponseSchema } from './response-guards.ts';
import { ApiError } from './api-error.ts';
import { onUnauthorized } from './unauthorized.ts';

export { ApiError };

/** The answer did not match its schema. */
export class ApiResponseError extends Error {
  constructor(path: string) {
    super(`Unexpected response from ${path}`);
    this.name = 'ApiResponseError';
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Validates the JSON answer; omit for bodiless answers (204). */
  schema?: ResponseSchema<T>;
  /** Login calls answer 401 for bad credentials and sign-out ignores it: neither may redirect. */
  keepSessionOn401?: boolean;
  signal?: AbortSignal;
}

export function buildHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * Every call declares a JSON body, so a bodiless POST/PUT (demo login, logout) sends `{}`: a JSON
 * content type with an empty body is a 400 for the server's JSON parser.
 */
export function requestBody(method: string, body: unknown): string | undefined {
  if (body !== undefined) return JSON.stringify(body);
  return method === 'GET' || method === 'DELETE' ? undefined : '{}';
}

async function readError(response: Response): Promise<{ message: string | null; code: string | null }> {
  try {
    const error = readErrorResponse(await response.json());
    return { message: error?.message ?? null, code: error?.code ?? null };
  } catch {
    return { message: null, code: null };
  }
}

/**
 * Calls the portal server (paths start with `/api` or `/casino`). Sends JSON headers and the
 * bearer token; a 401 outside the login calls clears the session and leaves for /login.
 */
export async function apiRequest<T = undefined>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const body = requestBody(method, options.body);
  const headers = buildHeaders(getSession()?.token ?? null);
  // A bodiless DELETE must not announce a JSON body: the server's parser refuses an empty one.
  if (body === undefined) delete headers['Content-Type'];
  const response = await fetch(path, { method, headers, body, signal: options.signal });
  if (!response.ok) {
    const { message, code } = await readError(response);
    if (response.status === 401 && !options.keepSessionOn401) {
      clearSession();
      onUnauthorized();
    }
    throw new ApiError(response.status, message, response.statusText, code);
  }
  if (!options.schema) return undefined as T;
  const parsed = options.schema.safeParse(await response.json());
  if (!parsed.success) throw new ApiResponseError(path);
  return parsed.data;
}
