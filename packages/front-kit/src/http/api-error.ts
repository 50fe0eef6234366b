/**
 * A non-2xx answer; `message` is the server's `{message}` when it sent one. A file of its own so the
 * player's login screen can tell its failures apart without loading the API client (docs/decisions/0210).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;
  /** The server's error code (`INSUFFICIENT_FUNDS`…), when it sent one. */
  readonly code: string | null;

  constructor(status: number, serverMessage: string | null, statusText: string, code: string | null = null) {
    super(serverMessage ?? `${status} ${statusText}`.trim());
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = code;
  }
}
