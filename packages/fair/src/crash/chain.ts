import { HmacSha256, sha256Hex } from '../crypto/hmac.ts';
import { isLowerHex, utf8Bytes } from '../crypto/encoding.ts';
import { crashHundredthsOfUint32 } from '../games/instant-crash.ts';
import { err, ok, type Result } from '../result.ts';
import type { Hundredths } from '../multiplier.ts';

/** Round hashes are SHA-256 digests as 64 lowercase hex digits; each link hashes that text. */
export const HASH_HEX_DIGITS = 64;
export const MAX_SALT_LENGTH = 256;
export const MAX_CHAIN_LENGTH = 10_000_000;

export type CrashChain = {
  /** hashes[0] is played first; SHA-256(hashes[i + 1]) === hashes[i]. */
  readonly hashes: readonly string[];
  /** SHA-256(hashes[0]): published before round 0, it pins the whole chain. */
  readonly commitment: string;
};

/**
 * Builds a chain from a secret terminal seed (64 hex digits of fresh randomness, passed in): the seed is
 * the last round's hash and each earlier round's hash is the SHA-256 of the next one. Rounds are played
 * from hashes[0] upward, so a revealed hash can only be checked against the past, never used to
 * predict the next round.
 */
export function buildCrashChain(terminalSeed: string, length: number): Result<CrashChain> {
  if (!isLowerHex(terminalSeed, HASH_HEX_DIGITS)) return err('INVALID_HASH');
  if (!Number.isSafeInteger(length) || length < 1 || length > MAX_CHAIN_LENGTH) return err('INVALID_LENGTH');
  const hashes = new Array<string>(length);
  hashes[length - 1] = terminalSeed;
  for (let i = length - 2; i >= 0; i--) hashes[i] = sha256Hex(hashes[i + 1]!);
  return ok({ hashes, commitment: sha256Hex(hashes[0]!) });
}

/** True when `hash` is the round right after `previous` (or after the commitment, for round 0). */
export function isNextInChain(previous: string, hash: string): boolean {
  return isLowerHex(hash, HASH_HEX_DIGITS) && sha256Hex(hash) === previous;
}

/**
 * Round number of `hash` in the chain pinned by `commitment`: hashes forward at most `maxRounds` times.
 * Anyone holding a revealed round hash can run this against the published commitment.
 */
export function roundOfHash(hash: string, commitment: string, maxRounds: number): Result<number> {
  if (!isLowerHex(hash, HASH_HEX_DIGITS) || !isLowerHex(commitment, HASH_HEX_DIGITS))
    return err('INVALID_HASH');
  if (!Number.isSafeInteger(maxRounds) || maxRounds < 1 || maxRounds > MAX_CHAIN_LENGTH) {
    return err('INVALID_LENGTH');
  }
  let current = hash;
  for (let round = 0; round < maxRounds; round++) {
    current = sha256Hex(current);
    if (current === commitment) return ok(round);
  }
  return err('INVALID_HASH');
}

/**
 * The round's crash point: int = first 8 hex digits (4 bytes) of HMAC-SHA256(key = round hash,
 * message = public salt), then max(1.00, floor(99 × 2^32 / (int + 1)) hundredths).
 */
export function crashPoint(roundHash: string, salt: string): Result<Hundredths> {
  if (!isLowerHex(roundHash, HASH_HEX_DIGITS)) return err('INVALID_HASH');
  if (typeof salt !== 'string' || salt.length === 0 || salt.length > MAX_SALT_LENGTH)
    return err('INVALID_SALT');
  const mac = new HmacSha256(roundHash).mac(utf8Bytes(salt));
  const first4 = ((mac[0]! << 24) | (mac[1]! << 16) | (mac[2]! << 8) | mac[3]!) >>> 0;
  return ok(crashHundredthsOfUint32(first4));
}
