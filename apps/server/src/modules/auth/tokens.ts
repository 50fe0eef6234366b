import { createHash, hash, randomBytes } from 'node:crypto';

/**
 * The player's slot, the routing key the balancer keeps them on one instance by (docs/decisions/0306):
 * the first 16 bits of SHA-256(player id), as 4 hex characters.
 */
export const playerSlot = (playerId: string): string =>
  createHash('sha256').update(playerId).digest('hex').slice(0, 4);

/**
 * Opaque bearer tokens: `<slot>.` then 256 random bits for the client, only their SHA-256 in the
 * database. The slot is not secret and adds nothing to a guess; `.` never occurs in base64url, so the
 * balancer finds the slot without knowing the length. Tokens minted before slots have none and still work.
 */
export const newToken = (playerId: string): string =>
  `${playerSlot(playerId)}.${randomBytes(32).toString('base64url')}`;

/** Every authenticated request hashes its token: the one-shot `hash` costs a third of a Hash object's. */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');

/** Player-facing code, unambiguous characters only (no 0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newUniqueCode(): string {
  const bytes = randomBytes(8);
  let code = 'BL';
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}
