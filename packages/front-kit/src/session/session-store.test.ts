import { describe, expect, it } from 'vitest';
import { oneKey, tokenAndUserKeys } from './session-store.ts';

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
}

type Named = { name: string };
const readNamed = (value: unknown): Named | null =>
  typeof value === 'object' && value !== null && typeof (value as Named).name === 'string'
    ? { name: (value as Named).name }
    : null;

describe('tokenAndUserKeys', () => {
  const format = tokenAndUserKeys('token', 'user', readNamed);

  it('has no session without a token', () => {
    expect(format.read(memoryStorage({ user: '{"name":"Ann"}' }))).toBeNull();
    expect(format.read(memoryStorage({ token: '' }))).toBeNull();
  });

  it('reads token and user, and keeps the token when the user is unreadable', () => {
    expect(format.read(memoryStorage({ token: 't', user: '{"name":"Ann"}' }))).toEqual({
      token: 't',
      user: { name: 'Ann' },
    });
    expect(format.read(memoryStorage({ token: 't', user: '{bad' }))).toEqual({ token: 't', user: null });
    expect(format.read(memoryStorage({ token: 't', user: '{"id":1}' }))).toEqual({ token: 't', user: null });
    expect(format.read(memoryStorage({ token: 't' }))).toEqual({ token: 't', user: null });
  });

  it('writes the two keys, and signing out clears all of session storage', () => {
    const storage = memoryStorage({ other: 'x' });
    format.write(storage, { token: 't', user: { name: 'Ann' } });
    expect(Object.fromEntries(storage.map)).toEqual({ other: 'x', token: 't', user: '{"name":"Ann"}' });
    format.erase(storage);
    expect(storage.map.size).toBe(0);
  });
});

describe('oneKey', () => {
  const format = oneKey('app.session', readNamed);

  it('reads a stored session, and nothing missing, unreadable or without a user', () => {
    expect(format.read(memoryStorage({ 'app.session': '{"token":"t","user":{"name":"A"}}' }))).toEqual({
      token: 't',
      user: { name: 'A' },
    });
    for (const raw of ['{not json', 'null', '{"user":{"name":"A"}}', '{"token":"t","user":{"id":1}}'])
      expect(format.read(memoryStorage({ 'app.session': raw }))).toBeNull();
    expect(format.read(memoryStorage())).toBeNull();
  });

  it('writes and removes only its own key', () => {
    const storage = memoryStorage({ token: 'player' });
    format.write(storage, { token: 't', user: { name: 'A' } });
    expect(storage.map.get('app.session')).toBe('{"token":"t","user":{"name":"A"}}');
    format.erase(storage);
    expect(Object.fromEntries(storage.map)).toEqual({ token: 'player' });
  });
});
