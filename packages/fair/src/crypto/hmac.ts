import { compressBlock, finishInto, initialState, sha256, type Sha256State } from './sha256.ts';
import { toHex, utf8Bytes } from './encoding.ts';

/**
 * HMAC-SHA256 (RFC 2104) with the two keyed midstates computed once, so that many messages under one
 * key (a server seed over many rounds and nonces) cost two compressions each plus the message blocks.
 */
export class HmacSha256 {
  private readonly inner: Sha256State;
  private readonly outer: Sha256State;
  private readonly innerDigest = new Uint8Array(32);

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

  /** Writes the 32-byte MAC of `message` to `out` (allocation-free for hot loops). */
  macInto(message: Uint8Array, out: Uint8Array): void {
    finishInto(this.inner, 64, message, this.innerDigest);
    finishInto(this.outer, 64, this.innerDigest, out);
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
