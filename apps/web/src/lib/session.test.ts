import { describe, expect, it } from 'vitest';
import { parseUser, readSession } from './session.ts';

function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    clear: () => map.clear(),
  };
}

const user = { id: 'u1', unique_code: 'C1', email: 'a@b.co', name: 'Ann', role: 'player' };

describe('readSession', () => {
  it('has no session without a token', () => {
    expect(readSession(memoryStorage({ user: JSON.stringify(user) }))).toBeNull();
    expect(readSession(memoryStorage({ token: '' }))).toBeNull();
  });

  it('reads token and user', () => {
    const session = readSession(memoryStorage({ token: 't', user: JSON.stringify(user) }));
    expect(session).toEqual({ token: 't', user });
  });

  it('keeps the token when the user is unreadable', () => {
    expect(readSession(memoryStorage({ token: 't', user: '{bad' }))).toEqual({ token: 't', user: null });
    expect(parseUser(JSON.stringify({ id: 1 }))).toBeNull();
    expect(parseUser(null)).toBeNull();
  });
});
