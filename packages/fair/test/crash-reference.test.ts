import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crashPoint } from '../src/crash/chain.ts';
import { crashHundredthsOfUint32 } from '../src/games/instant-crash.ts';
import { referenceCrash, testStrings } from './support/reference.ts';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const value = <T>(result: { ok: true; value: T } | { ok: false; code: string }): T => {
  if (!result.ok) throw new Error(result.code);
  return result.value;
};

describe('crash point against node:crypto and BigInt', () => {
  it('agrees with the BigInt reference for many hashes and salts', () => {
    const salts = testStrings(31, 400, 80).map((text) => `salt${text}`);
    salts.forEach((salt, i) => {
      const hash = sha(`round ${i}`);
      expect(value(crashPoint(hash, salt))).toBe(referenceCrash(hash, salt));
    });
  });

  it('stays exact at the extremes of the 32-bit range', () => {
    expect(crashHundredthsOfUint32(0)).toBe(425201762304); // 99 × 2^32 hundredths
    expect(crashHundredthsOfUint32(0xffffffff)).toBe(100);
    // 99 × 2^32 / 200 − 1: the largest value still worth exactly 2.00x
    expect(crashHundredthsOfUint32(2126008810)).toBe(200);
    expect(crashHundredthsOfUint32(2126008811)).toBe(199);
  });
});
