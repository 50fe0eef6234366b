import { HmacSha256 } from './crypto/hmac.ts';
import { utf8Bytes } from './crypto/encoding.ts';
import { err, ok, type Result } from './result.ts';

/** The three inputs of every single-player outcome. */
export type Seeds = { readonly serverSeed: string; readonly clientSeed: string; readonly nonce: number };

/** Seeds longer than this are refused: a verify request must not buy unbounded hashing. */
export const MAX_SEED_LENGTH = 256;

export function checkSeeds(seeds: Seeds): Result<Seeds> {
  if (typeof seeds.serverSeed !== 'string' || seeds.serverSeed.length === 0)
    return err('INVALID_SERVER_SEED');
  if (seeds.serverSeed.length > MAX_SEED_LENGTH) return err('INVALID_SERVER_SEED');
  if (typeof seeds.clientSeed !== 'string' || seeds.clientSeed.length === 0)
    return err('INVALID_CLIENT_SEED');
  if (seeds.clientSeed.length > MAX_SEED_LENGTH) return err('INVALID_CLIENT_SEED');
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) return err('INVALID_NONCE');
  return ok(seeds);
}

const TWO_POW_32 = 0x100000000;

/**
 * The keyed HMAC midstates of recently used server seeds. A player's server seed serves every nonce
 * until it rotates, so rounds in a row reuse the two keyed compressions instead of redoing them (half
 * of a dice outcome's hashing). Instances hold no per-message state between calls.
 */
const recentKeys = new Map<string, HmacSha256>();
const MAX_RECENT_KEYS = 256;

function keyedHmac(serverSeed: string): HmacSha256 {
  const known = recentKeys.get(serverSeed);
  if (known) return known;
  const made = new HmacSha256(serverSeed);
  if (recentKeys.size >= MAX_RECENT_KEYS) recentKeys.delete(recentKeys.keys().next().value!);
  recentKeys.set(serverSeed, made);
  return made;
}

/**
 * The published byte stream: round r is HMAC-SHA256(key = serverSeed, `${clientSeed}:${nonce}:${r}`),
 * rounds concatenated. Every 4 bytes b0..b3 make one float b0/256 + b1/256^2 + b2/256^3 + b3/256^4,
 * which is exactly u32 / 2^32 (a 32-bit numerator always fits a double), so `nextFloat` divides once.
 */
export class OutcomeStream {
  private readonly hmac: HmacSha256;
  /** `${clientSeed}:${nonce}:` as bytes, with room after it for the round's digits. */
  private readonly message: Uint8Array;
  private readonly prefixLength: number;
  /** The current round's MAC as eight big-endian words; `cursor` counts its bytes used. */
  private readonly words = new Int32Array(8);
  private round = 0;
  private cursor = 32;

  constructor(seeds: Seeds) {
    this.hmac = keyedHmac(seeds.serverSeed);
    const prefix = `${seeds.clientSeed}:${seeds.nonce}:`;
    this.message = asciiWithRoom(prefix, 16) ?? withRoom(utf8Bytes(prefix), 16);
    this.prefixLength = this.message.length - 16;
  }

  nextByte(): number {
    if (this.cursor === 32) this.#nextRound();
    const word = this.words[this.cursor >>> 2]!;
    const shift = 24 - 8 * (this.cursor & 3);
    this.cursor += 1;
    return (word >>> shift) & 0xff;
  }

  #nextRound(): void {
    this.hmac.macWordsInto(this.message, this.words, this.#writeRoundDigits(this.round));
    this.round += 1;
    this.cursor = 0;
  }

  /** Writes the round's decimal digits (ASCII) after the prefix; answers the message's length. */
  #writeRoundDigits(round: number): number {
    let end = this.prefixLength;
    if (round < 10) this.message[end++] = 0x30 + round;
    else {
      const digits = String(round);
      for (let i = 0; i < digits.length; i++) this.message[end++] = digits.charCodeAt(i);
    }
    return end;
  }

  /** The next four bytes as an unsigned 32-bit integer (big-endian, b0 most significant). */
  nextUint32(): number {
    // Word-aligned (always, unless a game mixed byte reads in): one read instead of four.
    if ((this.cursor & 3) === 0) {
      if (this.cursor === 32) this.#nextRound();
      const word = this.words[this.cursor >>> 2]! >>> 0;
      this.cursor += 4;
      return word;
    }
    return (
      ((this.nextByte() << 24) | (this.nextByte() << 16) | (this.nextByte() << 8) | this.nextByte()) >>> 0
    );
  }

  /** The next float in [0, 1). */
  nextFloat(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** Number of HMAC rounds computed so far (each is 32 bytes, 8 floats). */
  roundsUsed(): number {
    return this.round;
  }
}

/** `text` as bytes with `room` spare bytes after it, or null when it is not plain ASCII. */
function asciiWithRoom(text: string, room: number): Uint8Array | null {
  const bytes = new Uint8Array(text.length + room);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return null;
    bytes[i] = code;
  }
  return bytes;
}

function withRoom(bytes: Uint8Array, room: number): Uint8Array {
  const roomy = new Uint8Array(bytes.length + room);
  roomy.set(bytes);
  return roomy;
}

/** The first `count` floats of the stream for these seeds (what a public calculator lists). */
export function generateFloats(seeds: Seeds, count: number): Result<number[]> {
  const checked = checkSeeds(seeds);
  if (!checked.ok) return checked;
  if (!Number.isSafeInteger(count) || count < 1 || count > 1024) return err('INVALID_COUNT');
  const stream = new OutcomeStream(seeds);
  return ok(Array.from({ length: count }, () => stream.nextFloat()));
}
