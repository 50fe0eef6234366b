import { describe, expect, it } from 'vitest';
import { staffSessionFrom } from './staff-only.ts';

const user = { id: '1', unique_code: 'U1', email: 'a@b.c', name: 'A' };

describe('staffSessionFrom', () => {
  it('opens a session for staff with a role', () => {
    const session = staffSessionFrom({
      access_token: 't',
      user: { ...user, role: 'operator', staffRole: 'viewer' },
    });
    expect(session).toEqual({ token: 't', user: { ...user, role: 'operator', staffRole: 'viewer' } });
  });

  it('opens a session for an agent, without a staff role', () => {
    const session = staffSessionFrom({ access_token: 't', user: { ...user, role: 'agent' } });
    expect(session?.user).toMatchObject({ role: 'agent', staffRole: undefined });
  });

  it('refuses a player', () => {
    expect(staffSessionFrom({ access_token: 't', user: { ...user, role: 'player' } })).toBeNull();
  });

  it('refuses an operator account without a staff role', () => {
    expect(staffSessionFrom({ access_token: 't', user: { ...user, role: 'operator' } })).toBeNull();
  });
});
