import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isFresh, signBody, verifySignature } from './casino-signature.ts';

const SECRET = 'wallet-secret-for-tests';
const BODY = '{"token":"t","timestamp":1700000000000}';

describe('wallet signatures', () => {
  it('is the hex HMAC-SHA256 of the exact body', () => {
    expect(signBody(SECRET, BODY)).toBe(createHmac('sha256', SECRET).update(BODY).digest('hex'));
  });

  it('accepts the right signature in either hex case', () => {
    const signature = signBody(SECRET, BODY);
    expect(verifySignature(SECRET, BODY, signature)).toBe(true);
    expect(verifySignature(SECRET, BODY, signature.toUpperCase())).toBe(true);
  });

  it('refuses a missing, malformed, foreign or re-spaced signature', () => {
    const signature = signBody(SECRET, BODY);
    expect(verifySignature(SECRET, BODY, undefined)).toBe(false);
    expect(verifySignature(SECRET, BODY, ['a'])).toBe(false);
    expect(verifySignature(SECRET, BODY, signature.slice(2))).toBe(false);
    expect(verifySignature(SECRET, BODY, `${signature}00`)).toBe(false);
    expect(verifySignature(SECRET, BODY, 'z'.repeat(64))).toBe(false);
    expect(verifySignature('another-secret-value', BODY, signature)).toBe(false);
    // Same JSON, other bytes: the signature covers bytes, not meaning.
    expect(verifySignature(SECRET, BODY.replace(',', ', '), signature)).toBe(false);
  });

  it('takes timestamps within five minutes either way', () => {
    const now = 1_700_000_000_000;
    expect(isFresh(now - 300_000, now)).toBe(true);
    expect(isFresh(now + 300_000, now)).toBe(true);
    expect(isFresh(now - 300_001, now)).toBe(false);
    expect(isFresh(now + 300_001, now)).toBe(false);
  });
});
