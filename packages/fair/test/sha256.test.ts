import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../src/crypto/sha256.ts';
import { hmacSha256Hex, sha256Hex, HmacSha256 } from '../src/crypto/hmac.ts';
import { toHex, utf8Bytes } from '../src/crypto/encoding.ts';
import { testStrings } from './support/reference.ts';

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

describe('SHA-256', () => {
  it('matches the FIPS 180-4 example vectors', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(
      sha256Hex(
        'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      ),
    ).toBe('cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1');
  });

  it('hashes one million "a" characters', () => {
    expect(toHex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('agrees with node:crypto on every length across the padding boundaries', () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(toHex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('agrees with node:crypto on random UTF-8 text', () => {
    for (const text of [...testStrings(7, 300, 400), 'héllo wörld ✓', '🎲'.repeat(40)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('HMAC-SHA256', () => {
  it('matches RFC 4231 test cases 1, 2, 4 and 6', () => {
    expect(hmacSha256Hex(hex('0b'.repeat(20)), 'Hi There')).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(
      hmacSha256Hex(hex('0102030405060708090a0b0c0d0e0f10111213141516171819'), hex('cd'.repeat(50))),
    ).toBe('82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b');
    expect(
      hmacSha256Hex(hex('aa'.repeat(131)), 'Test Using Larger Than Block-Size Key - Hash Key First'),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });

  it('agrees with node:crypto for random keys and messages, including keys over one block', () => {
    const keys = testStrings(11, 120, 150);
    const messages = testStrings(12, 120, 300);
    keys.forEach((key, i) => {
      const message = messages[i]!;
      expect(hmacSha256Hex(key, message)).toBe(createHmac('sha256', key).update(message).digest('hex'));
    });
  });

  it('gives the same MAC when one keyed instance is reused for many messages', () => {
    const keyed = new HmacSha256('server seed');
    for (const message of testStrings(13, 50, 100)) {
      expect(toHex(keyed.mac(utf8Bytes(message)))).toBe(
        createHmac('sha256', 'server seed').update(message).digest('hex'),
      );
    }
  });
});
