import { routingKeyOf } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { newToken, playerSlot } from './tokens.ts';

describe('tokens', () => {
  it('start with the player’s slot, the routing key every token of theirs shares', () => {
    const first = newToken('player-a');
    expect(first).toMatch(/^[0-9a-f]{4}\.[\w-]{43}$/);
    expect(routingKeyOf(first)).toBe(playerSlot('player-a'));
    expect(routingKeyOf(newToken('player-a'))).toBe(routingKeyOf(first));
  });

  it('keep 256 random bits after the slot', () => {
    const random = newToken('player-a').split('.')[1]!;
    expect(Buffer.from(random, 'base64url')).toHaveLength(32);
    expect(newToken('player-a')).not.toBe(newToken('player-a'));
  });

  it('spread players over the slots', () => {
    const slots = new Set(Array.from({ length: 1000 }, (_, index) => playerSlot(`player-${index}`)));
    expect(slots.size).toBeGreaterThan(980);
  });
});
