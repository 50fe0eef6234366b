import { describe, expect, it } from 'vitest';
import { InProcessBus } from '../../lib/bus.ts';
import { announceRevocation, SessionCache } from './session-cache.ts';
import type { UserRow } from './users-repo.ts';

const user = (id: string): UserRow => ({
  id,
  unique_code: 'BLTEST0000',
  email: `${id}@test.local`,
  name: id,
  role: 'player',
  staff_role: null,
  status: 'active',
  is_demo: false,
  password_hash: null,
});

function setup(limits = { ttlMs: 5_000, maxEntries: 3 }) {
  const bus = new InProcessBus();
  const clock = { nowMs: 1_000_000 };
  const cache = new SessionCache(bus, limits, () => clock.nowMs);
  return { bus, clock, cache };
}

describe('SessionCache', () => {
  it('keeps an entry for the TTL or until the session expires, whichever is sooner', () => {
    const { clock, cache } = setup();
    cache.remember('t1', user('a'), clock.nowMs + 60_000, cache.generation);
    cache.remember('t2', user('b'), clock.nowMs + 1_000, cache.generation);
    clock.nowMs += 999;
    expect(cache.get('t1')?.id).toBe('a');
    expect(cache.get('t2')?.id).toBe('b');
    clock.nowMs += 1;
    expect(cache.get('t2')).toBeUndefined();
    clock.nowMs += 4_000;
    expect(cache.get('t1')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const { clock, cache } = setup();
    for (const id of ['a', 'b', 'c', 'd'])
      cache.remember(id, user(id), clock.nowMs + 60_000, cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')?.id).toBe('d');
  });

  it('drops a token or all of a user’s tokens as soon as a revocation is announced', async () => {
    const { bus, clock, cache } = setup({ ttlMs: 5_000, maxEntries: 10 });
    cache.remember('t1', user('a'), clock.nowMs + 60_000, cache.generation);
    cache.remember('t2', user('a'), clock.nowMs + 60_000, cache.generation);
    cache.remember('t3', user('b'), clock.nowMs + 60_000, cache.generation);
    await announceRevocation(bus, { tokenHash: 't3' });
    expect(cache.get('t3')).toBeUndefined();
    expect(cache.get('t1')?.id).toBe('a');
    await announceRevocation(bus, { userId: 'a' });
    expect(cache.size).toBe(0);
  });

  it('does not cache a lookup that was in flight when a revocation arrived', async () => {
    const { bus, clock, cache } = setup();
    const before = cache.generation;
    await announceRevocation(bus, { userId: 'a' });
    cache.remember('t1', user('a'), clock.nowMs + 60_000, before);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('stops listening when closed', async () => {
    const { bus, clock, cache } = setup();
    cache.close();
    const generation = cache.generation;
    await announceRevocation(bus, { userId: 'a' });
    expect(cache.generation).toBe(generation);
    cache.remember('t1', user('a'), clock.nowMs + 60_000, generation);
    expect(cache.get('t1')?.id).toBe('a');
  });
});
