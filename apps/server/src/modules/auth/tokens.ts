import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer tokens: 256 random bits for the client, only their SHA-256 in the database. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Player-facing code, unambiguous characters only (no 0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newUniqueCode(): string {
  const bytes = randomBytes(8);
  let code = 'BL';
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}
