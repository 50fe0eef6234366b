/**
 * SHA-256 (FIPS 180-4) in plain TypeScript, synchronous, so the package needs neither node:crypto nor
 * the asynchronous WebCrypto API. States are exposed so HMAC can reuse the keyed midstate.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const IV = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

// One scratch schedule for every call: the package is synchronous, so no two compressions interleave.
const W = new Int32Array(64);

/** Eight 32-bit words of chaining state. */
export type Sha256State = Int32Array;

export function initialState(): Sha256State {
  return IV.slice();
}

/** Mixes one 64-byte block starting at `offset` into `state`. */
export function compressBlock(state: Sha256State, bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    W[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
  compressSchedule(state);
}

/** Mixes one block given as 16 big-endian words into `state` (HMAC's outer block is already words). */
export function compressWords(state: Sha256State, words: Int32Array): void {
  for (let i = 0; i < 16; i++) W[i] = words[i]!;
  compressSchedule(state);
}

/** The compression function over the block whose first 16 words are in W. */
function compressSchedule(state: Sha256State): void {
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!;
    const w2 = W[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

// Padding scratch: the tail of a message never needs more than two blocks.
const TAIL = new Uint8Array(128);

/**
 * Finishes a hash whose first `prefixBytes` bytes (a multiple of 64) are already mixed into `start`,
 * leaving the final state (the digest as eight words) in `out`. `start` is not modified. The message
 * is its first `length` bytes (hot loops reuse one buffer: a subarray view per call costs more than
 * a compression).
 */
export function finishStateInto(
  start: Sha256State,
  prefixBytes: number,
  message: Uint8Array,
  out: Sha256State,
  length = message.length,
): void {
  out.set(start);
  const fullBlocks = length >>> 6;
  for (let i = 0; i < fullBlocks; i++) compressBlock(out, message, i * 64);
  const rest = length - fullBlocks * 64;
  const tailLength = rest < 56 ? 64 : 128;
  TAIL.fill(0, rest, tailLength);
  for (let i = 0; i < rest; i++) TAIL[i] = message[fullBlocks * 64 + i]!;
  TAIL[rest] = 0x80;
  const bitLength = (prefixBytes + length) * 8;
  // Lengths here stay far below 2^53 bits, so the high word comes from plain division.
  const high = Math.floor(bitLength / 0x100000000);
  writeWord(TAIL, tailLength - 8, high);
  writeWord(TAIL, tailLength - 4, bitLength >>> 0);
  compressBlock(out, TAIL, 0);
  if (tailLength === 128) compressBlock(out, TAIL, 64);
}

const FINAL = new Int32Array(8);

/** As finishStateInto, with the 32-byte digest written to `out`. */
export function finishInto(
  start: Sha256State,
  prefixBytes: number,
  message: Uint8Array,
  out: Uint8Array,
): void {
  finishStateInto(start, prefixBytes, message, FINAL);
  for (let i = 0; i < 8; i++) writeWord(out, i * 4, FINAL[i]!);
}

function writeWord(bytes: Uint8Array, offset: number, word: number): void {
  bytes[offset] = word >>> 24;
  bytes[offset + 1] = (word >>> 16) & 0xff;
  bytes[offset + 2] = (word >>> 8) & 0xff;
  bytes[offset + 3] = word & 0xff;
}

export function sha256(message: Uint8Array): Uint8Array {
  const out = new Uint8Array(32);
  finishInto(IV, 0, message, out);
  return out;
}
