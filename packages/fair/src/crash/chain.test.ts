import { describe, expect, it } from 'vitest';
import { buildCrashChain, crashPoint, isNextInChain, roundOfHash } from './chain.ts';
import { sha256Hex } from '../crypto/hmac.ts';

const sha = sha256Hex;
const BLOCK_SALT = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';
const value = <T>(result: { ok: true; value: T } | { ok: false; code: string }): T => {
  if (!result.ok) throw new Error(result.code);
  return result.value;
};

describe('crash hash chain', () => {
  const terminal = sha('terminal seed for tests');
  const chain = value(buildCrashChain(terminal, 1000));

  it('links every round to the one before it and to the commitment', () => {
    expect(chain.hashes[999]).toBe(terminal);
    expect(chain.commitment).toBe(sha(chain.hashes[0]!));
    expect(isNextInChain(chain.commitment, chain.hashes[0]!)).toBe(true);
    for (let i = 1; i < 1000; i++) expect(sha(chain.hashes[i]!)).toBe(chain.hashes[i - 1]);
    expect(isNextInChain(chain.hashes[4]!, chain.hashes[5]!)).toBe(true);
    expect(isNextInChain(chain.hashes[5]!, chain.hashes[4]!)).toBe(false);
  });

  it('tells the round of a revealed hash from the commitment alone', () => {
    expect(value(roundOfHash(chain.hashes[0]!, chain.commitment, 1000))).toBe(0);
    expect(value(roundOfHash(chain.hashes[737]!, chain.commitment, 1000))).toBe(737);
    expect(roundOfHash(chain.hashes[737]!, chain.commitment, 100)).toEqual({
      ok: false,
      code: 'INVALID_HASH',
    });
    expect(roundOfHash(sha('stranger'), chain.commitment, 1000)).toEqual({ ok: false, code: 'INVALID_HASH' });
  });

  it('matches published crash results for the same hash and salt', () => {
    // Published: 2.568…, 1.319…, 3.018…, 2.352… before flooring to hundredths.
    expect(
      value(crashPoint('b4e7b335045da0a2666145980d03ed440a2e150e5369c72c7e6e24aeeb95f791', BLOCK_SALT)),
    ).toBe(256);
    expect(
      value(crashPoint('3e473405bd819ed4171854194bae75a2b117739fc1ab2e1c4cd263e1904dae6f', BLOCK_SALT)),
    ).toBe(131);
    expect(
      value(crashPoint('ca9b74c095c615cdf961892e54b35d42b6b8d3612266ff158547020fab514cf7', BLOCK_SALT)),
    ).toBe(301);
    expect(
      value(crashPoint('5844bf329a6334074778ab8a5f0960e24f9eec43f83bbd98ac0a9f8bcd87184e', BLOCK_SALT)),
    ).toBe(235);
    const published = [sha('testing')];
    for (let i = 1; i < 3; i++) published.push(sha(published[i - 1]!));
    expect(value(crashPoint(published[2]!, BLOCK_SALT))).toBe(159); // 1.5992…
  });

  it('refuses malformed input', () => {
    expect(buildCrashChain('XYZ', 10)).toEqual({ ok: false, code: 'INVALID_HASH' });
    expect(buildCrashChain(terminal, 0)).toEqual({ ok: false, code: 'INVALID_LENGTH' });
    expect(crashPoint(terminal.toUpperCase(), 'salt')).toEqual({ ok: false, code: 'INVALID_HASH' });
    expect(crashPoint(terminal, '')).toEqual({ ok: false, code: 'INVALID_SALT' });
    expect(crashPoint(terminal, 'x'.repeat(257))).toEqual({ ok: false, code: 'INVALID_SALT' });
  });
});
