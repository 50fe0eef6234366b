import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routingKeyOf, withRoutingKey } from './routing-key.ts';

/** As the portal mints them (apps/server/src/modules/auth/tokens.ts). */
const slot = (playerId: string) => createHash('sha256').update(playerId).digest('hex').slice(0, 4);
const token = (playerId: string) => `${slot(playerId)}.${randomBytes(32).toString('base64url')}`;

describe('routing keys', () => {
  it('is the slot a token starts with, the same for every token of one player', () => {
    const id = '5f0c7a52-6b5e-4d4a-9a57-0b8f9e1d2c3b';
    expect(routingKeyOf(token(id))).toBe(slot(id));
    expect(routingKeyOf(token(id))).toBe(routingKeyOf(token(id)));
    expect(routingKeyOf(token(id))).toMatch(/^[0-9a-f]{4}$/);
  });

  it('is nothing for a token minted before keys, or anything that is not a token', () => {
    // base64url has no '.': an old token can never be read as carrying a key.
    expect(routingKeyOf(randomBytes(32).toString('base64url'))).toBeUndefined();
    expect(routingKeyOf('Bearer ab12.xyz')).toBeUndefined();
    expect(routingKeyOf('AB12.xyz')).toBeUndefined();
    expect(routingKeyOf('ab1.xyz')).toBeUndefined();
    expect(routingKeyOf('')).toBeUndefined();
    expect(routingKeyOf(null)).toBeUndefined();
    expect(routingKeyOf(undefined)).toBeUndefined();
  });

  it('puts the key in a socket address, never the token', () => {
    const id = 'player-1';
    const minted = token(id);
    expect(withRoutingKey('wss://bet.test/ws/stream', minted)).toBe(
      `wss://bet.test/ws/stream?routing_key=${slot(id)}`,
    );
    expect(withRoutingKey('wss://bet.test/ws/balance?userId=u1', minted)).toBe(
      `wss://bet.test/ws/balance?userId=u1&routing_key=${slot(id)}`,
    );
    const old = randomBytes(32).toString('base64url');
    expect(withRoutingKey('wss://bet.test/ws/stream', old)).toBe('wss://bet.test/ws/stream');
  });
});
