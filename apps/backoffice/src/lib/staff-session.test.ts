import { describe, expect, it } from 'vitest';
import { CONSOLE_SESSION_KEY, readStaffSession } from './staff-session.ts';

const storageWith = (value: string | null) => ({
  getItem: (key: string) => (key === CONSOLE_SESSION_KEY ? value : null),
  setItem: () => undefined,
  removeItem: () => undefined,
});

const user = { id: '1', unique_code: 'U1', email: 'a@b.c', name: 'A', role: 'operator' };

describe('readStaffSession', () => {
  it('reads a stored staff session', () => {
    const stored = JSON.stringify({ token: 't', user: { ...user, staffRole: 'support' } });
    expect(readStaffSession(storageWith(stored))).toEqual({
      token: 't',
      user: { ...user, staffRole: 'support' },
    });
  });

  it('ignores a missing, unreadable or non-staff session', () => {
    expect(readStaffSession(storageWith(null))).toBeNull();
    expect(readStaffSession(storageWith('{not json'))).toBeNull();
    expect(readStaffSession(storageWith(JSON.stringify({ token: 't', user })))).toBeNull();
    expect(
      readStaffSession(storageWith(JSON.stringify({ user: { ...user, staffRole: 'owner' } }))),
    ).toBeNull();
  });
});
