import { ROUTING_KEY_HEADER, routingKeyOf } from '@backlay/contracts';
import { ApiError } from './api-error.ts';
import { readErrorResponse, type ResponseSchema } from './response-guards.ts';

export { readErrorResponse, type ResponseSchema };

/** The answer did not match its schema. */
export class ApiResponseError extends Error {
  constructor(path: string) {
    super(`Unexpected response from ${path}`);
    this.name = 'ApiResponseError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** Validates the JSON answer; omit for bodiless answers (204). */
  schema?: ResponseSchema<T>;
  /** Sign-in answers 401 for a wrong password and sign-out ignores it: neither ends the session. */
  keepSessionOn401?: boolean;
  /** A token other than the stored session's (ending a refused sign-in). */
  token?: string;
  signal?: AbortSignal;
}

/**
 * Signed out, this page's own routing key: sign-ins spread over the instances even behind a balancer
 * that hashes the key alone and would put every keyless request on one (ingress-nginx).
 */
const PAGE_KEY = Array.from(crypto.getRandomValues(new Uint8Array(2)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');

/**
 * The bearer token, and the routing key it starts with (docs/decisions/0306), which keeps the player on
 * one instance behind a balancer that cannot read tokens.
 */
export function authHeaders(token: string | null | undefined): Record<string, string> {
  const headers: Record<string, string> = { [ROUTING_KEY_HEADER]: routingKeyOf(token) ?? PAGE_KEY };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * The fetch options of a JSON call with the bearer token and routing key. Every call declares a JSON
 * body, so a bodiless POST, PUT or PATCH sends `{}`: a JSON content type with an empty body is a 400
 * for the server's parser, which is why a GET or DELETE announces none.
 */
export function jsonRequest(method: HttpMethod, body: unknown, token: string | null | undefined) {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(token) };
  const text =
    body !== undefined ? JSON.stringify(body) : method === 'GET' || method === 'DELETE' ? undefined : '{}';
  if (text !== undefined) headers['Content-Type'] = 'application/json';
  return { method, headers, body: text };
}

async function refusal(response: Response): Promise<ApiError> {
  const error = readErrorResponse(await response.json().catch(() => null));
  return new ApiError(response.status, error?.message ?? null, response.statusText, error?.code ?? null);
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

export interface HttpClientOptions {
  /** The signed-in session's token. */
  token: () => string | null | undefined;
  /** The server refused the token (401): drop the session, and go where the app signs in again. */
  onUnauthorized: () => void;
  /** Put before every path; none when the app calls its own origin's `/api`. */
  basePath?: string;
}

export type HttpClient = <T = undefined>(path: string, options?: RequestOptions<T>) => Promise<T>;

/**
 * A client of the portal's JSON API. A refusal throws `ApiError` in the server's own words (a 403 says
 * which role the action needs); a 401 outside sign-in and sign-out ends the session; an answer that
 * does not match its schema throws `ApiResponseError`.
 */
export function createHttpClient({ token, onUnauthorized, basePath = '' }: HttpClientOptions): HttpClient {
  return async <T>(path: string, options: RequestOptions<T> = {}): Promise<T> => {
    const init = jsonRequest(options.method ?? 'GET', options.body, options.token ?? token());
    const response = await fetch(basePath + path, { ...init, signal: options.signal });
    if (!response.ok) {
      const error = await refusal(response);
      if (response.status === 401 && !options.keepSessionOn401) onUnauthorized();
      throw error;
    }
    if (!options.schema) return undefined as T;
    const parsed = options.schema.safeParse(await response.json());
    if (!parsed.success) throw new ApiResponseError(path);
    return parsed.data;
  };
}
