import { ApiError } from '@backlay/front-kit/api-error';

/** The stream's TLS port unless the operator set BETFAIR_STREAM_PORT otherwise. */
export const DEFAULT_STREAM_PORT = 8443;

/** The name a program gives this portal's stream host in betfairlightweight's host table. */
export const STREAM_HOST_NAME = 'backlay';

/**
 * The four lines that point an unmodified betfairlightweight client at this portal: identity and API
 * on the portal's own origin, the stream on its host name at the stream port.
 */
export function connectionLines(origin: string, streamPort = DEFAULT_STREAM_PORT): string[] {
  const base = origin.replace(/\/+$/, '');
  const host = new URL(base).hostname;
  return [
    `trading.identity_uri = "${base}/betfair/identity/"`,
    `trading.api_uri = "${base}/betfair/exchange/"`,
    `BetfairStream.HOSTS["${STREAM_HOST_NAME}"] = "${host}"`,
    `BetfairStream._BetfairStream__port = ${streamPort}`,
  ];
}

export const KEYS_FAILED_TEXT = 'Your app keys could not be loaded.';
export const CREATE_FAILED_TEXT = 'The key could not be created. Please try again.';
export const REVOKE_FAILED_TEXT = 'The key could not be revoked. Please try again.';

/** The server's own words for a refusal it explains (the key limit, a bad name); ours otherwise. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.serverMessage
    ? error.serverMessage
    : fallback;
}
