import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OutcomeStream } from '../src/stream.ts';

/** The published byte stream computed with node:crypto, `rounds` HMACs long. */
function referenceBytes(serverSeed: string, clientSeed: string, nonce: number, rounds: number): number[] {
  const bytes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    bytes.push(...createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest());
  }
  return bytes;
}

describe('OutcomeStream', () => {
  it('gives the published bytes across rounds, whatever the mix of byte and word reads', () => {
    const expected = referenceBytes('server seed', 'client', 7, 4);
    const stream = new OutcomeStream({ serverSeed: 'server seed', clientSeed: 'client', nonce: 7 });
    const read: number[] = [];
    // 1 byte, then words off their alignment, then aligned again: 128 bytes in all.
    const pattern = [1, 4, 4, 3, 4, 1, 1, 1, 4, 4, 4, 4, 1, 4, 1, 1, 1, 4];
    for (let i = 0; read.length < expected.length; i++) {
      if (pattern[i % pattern.length] === 1) read.push(stream.nextByte());
      else {
        const word = stream.nextUint32();
        read.push(word >>> 24, (word >>> 16) & 0xff, (word >>> 8) & 0xff, word & 0xff);
      }
    }
    expect(read.slice(0, expected.length)).toEqual(expected);
    expect(stream.roundsUsed()).toBe(4);
  });

  it('encodes a client seed beyond ASCII as UTF-8', () => {
    const [first] = referenceBytes('s', 'wörld 🎲', 0, 1);
    expect(new OutcomeStream({ serverSeed: 's', clientSeed: 'wörld 🎲', nonce: 0 }).nextByte()).toBe(first);
  });

  it('gives word reads equal to four byte reads, over rounds with many digits', () => {
    const seeds = { serverSeed: 'a', clientSeed: 'b', nonce: 123456789 };
    const words = new OutcomeStream(seeds);
    const bytes = new OutcomeStream(seeds);
    for (let i = 0; i < 8 * 120; i++) {
      const byByte =
        ((bytes.nextByte() << 24) | (bytes.nextByte() << 16) | (bytes.nextByte() << 8) | bytes.nextByte()) >>>
        0;
      expect(words.nextUint32()).toBe(byByte);
    }
  });
});
