/**
 * A player's routing key (docs/decisions/0306): the balancer sends every request, socket and casino
 * wallet callback of one player to the same portal instance by hashing it, so what an instance remembers
 * of the player stays true. It names the player's slot: 4 hex characters, the first 16 bits of
 * SHA-256(player id), which every token minted for a player starts with, then `.` (not a base64url
 * character), then the random part. Correctness never depends on it; it is not a secret.
 */

/** Where a client sends the key with every request; balancers that cannot read tokens hash this. */
export const ROUTING_KEY_HEADER = 'X-Routing-Key';

/** A browser cannot add headers to a WebSocket's upgrade: its socket address carries the key instead. */
export const ROUTING_KEY_PARAM = 'routing_key';

const SLOT = /^([0-9a-f]{4})\./;

/**
 * The routing key a token starts with, or undefined for a token minted before keys (the balancer hashes
 * such a token whole) or anything else. Never the token itself: the key travels in addresses and logs.
 */
export function routingKeyOf(token: string | null | undefined): string | undefined {
  return token ? SLOT.exec(token)?.[1] : undefined;
}

/** `url` with the token's routing key as a query parameter; unchanged when the token has none. */
export function withRoutingKey(url: string, token: string | null | undefined): string {
  const key = routingKeyOf(token);
  if (key === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${ROUTING_KEY_PARAM}=${key}`;
}
