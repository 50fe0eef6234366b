import {
  compressBlock,
  compressWords,
  finishStateInto,
  initialState,
  sha256,
  type Sha256State,
} from './sha256.ts';
import { toHex, utf8Bytes } from './encoding.ts';

// Scratch shared by every instance: the package is synchronous, so no two MACs interleave.
const INNER_DIGEST = new Int32Array(8);
const MAC_WORDS = new Int32Array(8);
/** The outer hash's last block: the inner digest (words 0–7), the 0x80 pad, the length 96 × 8 bits. */
const OUTER_BLOCK = new Int32Array(16);
OUTER_BLOCK[8] = 0x80000000 | 0;
OUTER_BLOCK[15] = 96 * 8;

/**
 * HMAC-SHA256 (RFC 2104) with the two keyed midstates computed once, so that many messages under one
 * key (a server seed over many rounds and nonces) cost two compressions each plus the message blocks.
 */
export class HmacSha256 {
  private readonly inner: Sha256State;
  private readonly outer: Sha256State;

  constructor(key: Uint8Array | string) {
    let keyBytes = typeof key === 'string' ? utf8Bytes(key) : key;
    if (keyBytes.length > 64) keyBytes = sha256(keyBytes);
    const padded = new Uint8Array(64);
    padded.set(keyBytes);
    for (let i = 0; i < 64; i++) padded[i]! ^= 0x36;
    this.inner = initialState();
    compressBlock(this.inner, padded, 0);
    for (let i = 0; i < 64; i++) padded[i]! ^= 0x36 ^ 0x5c;
    this.outer = initialState();
    compressBlock(this.outer, padded, 0);
  }

  /**
   * Writes the MAC of `message` (its first `length` bytes) to `out` as eight big-endian words,
   * allocation-free for hot loops.
   * The inner digest goes into the outer block as words, never as bytes: with the padding of a
   * 96-byte message (the keyed block, then 32 bytes) it is exactly one block.
   */
  macWordsInto(message: Uint8Array, out: Sha256State, length = message.length): void {
    finishStateInto(this.inner, 64, message, INNER_DIGEST, length);
    OUTER_BLOCK.set(INNER_DIGEST);
    out.set(this.outer);
    compressWords(out, OUTER_BLOCK);
  }

  /** Writes the 32-byte MAC of `message` to `out`. */
  macInto(message: Uint8Array, out: Uint8Array): void {
    this.macWordsInto(message, MAC_WORDS);
    for (let i = 0; i < 8; i++) {
      const word = MAC_WORDS[i]!;
      out[i * 4] = word >>> 24;
      out[i * 4 + 1] = (word >>> 16) & 0xff;
      out[i * 4 + 2] = (word >>> 8) & 0xff;
      out[i * 4 + 3] = word & 0xff;
    }
  }

  mac(message: Uint8Array | string): Uint8Array {
    const out = new Uint8Array(32);
    this.macInto(typeof message === 'string' ? utf8Bytes(message) : message, out);
    return out;
  }
}

export function hmacSha256(key: Uint8Array | string, message: Uint8Array | string): Uint8Array {
  return new HmacSha256(key).mac(message);
}

export function hmacSha256Hex(key: Uint8Array | string, message: Uint8Array | string): string {
  return toHex(hmacSha256(key, message));
}

/** SHA-256 of the UTF-8 text, as lowercase hex: the form every commitment in the package takes. */
export function sha256Hex(text: string | Uint8Array): string {
  return toHex(sha256(typeof text === 'string' ? utf8Bytes(text) : text));
}
