import { createHmac, timingSafeEqual } from 'node:crypto';
import { CASINO_MAX_CLOCK_SKEW_MS } from './casino.ts';

/**
 * Signing of the seamless-wallet callbacks, the one piece both the aggregator (signs) and the portal
 * (verifies) run. A subpath of its own (`@backlay/contracts/casino-signature`) because it needs
 * node:crypto, which the web bundle, importing the package index, must not pull in.
 */

/** The `X-Signature` of a wallet callback: hex HMAC-SHA256 of the exact body bytes. */
export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/**
 * Whether `signature` signs `rawBody`. Compared in constant time over the digest bytes, so the answer
 * time says nothing about how much of a forged signature was right.
 */
export function verifySignature(secret: string, rawBody: string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** A signed body replayed long after it was sent is refused even though its signature is genuine. */
export function isFresh(timestampMs: number, nowMs: number): boolean {
  return Math.abs(nowMs - timestampMs) <= CASINO_MAX_CLOCK_SKEW_MS;
}
