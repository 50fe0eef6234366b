/**
 * Hashing for stable ids and tags. SHA-256 comes from the provably-fair package, which implements it in
 * plain TypeScript so that neither package needs `node:crypto` and the web bundle can use both.
 */
import { sha256Hex } from '@backlay/fair';

export { sha256Hex };

/**
 * The opaque 32-character game code of a JILI-style or SPRIBE title: the first 128 bits of
 * SHA-256(`<provider>:<name>`). Stable across builds, and a title listed twice gets the same code, which
 * is what lets the merged list be de-duplicated by id.
 */
export function opaqueGameId(provider: string, name: string): string {
  return sha256Hex(`${provider}:${name}`).slice(0, 32);
}
