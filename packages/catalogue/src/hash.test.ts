import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { opaqueGameId, sha256Hex } from './hash.ts';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it('matches the published test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('matches node:crypto across block boundaries and non-ASCII text', () => {
    for (const length of [1, 55, 56, 63, 64, 65, 119, 120, 200, 1000]) {
      const text = 'x'.repeat(length);
      expect(sha256Hex(text), `length ${length}`).toBe(nodeSha256(text));
    }
    expect(sha256Hex('Shōgun — 龍 🎰')).toBe(nodeSha256('Shōgun — 龍 🎰'));
  });
});

describe('opaqueGameId', () => {
  it('is 32 lower-case hex characters, stable, and depends on provider and name', () => {
    const id = opaqueGameId('jili', 'Super Ace');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(opaqueGameId('jili', 'Super Ace')).toBe(id);
    expect(opaqueGameId('spribe', 'Super Ace')).not.toBe(id);
    expect(opaqueGameId('jili', 'Super Ace Deluxe')).not.toBe(id);
  });
});
