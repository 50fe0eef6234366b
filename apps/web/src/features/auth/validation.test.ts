import { describe, expect, it } from 'vitest';
import { validateLogin } from './validation.ts';

describe('validateLogin', () => {
  it('passes a well-formed email and a 6+ character password', () => {
    expect(validateLogin('player@backlay.test', 'secret')).toEqual([]);
    expect(validateLogin('  player@backlay.test ', '123456')).toEqual([]);
  });

  it('reports only "required" for empty fields', () => {
    expect(validateLogin('', '')).toEqual(['Email is required.', 'Password is required.']);
    expect(validateLogin('   ', 'secret')).toEqual(['Email is required.']);
  });

  it('reports a malformed email', () => {
    for (const email of ['player', 'player@', '@backlay.test', 'a b@c.de', 'a@b']) {
      expect(validateLogin(email, 'secret')).toEqual(['Please enter a valid email.']);
    }
  });

  it('reports a short password', () => {
    expect(validateLogin('a@b.co', '12345')).toEqual(['Password must be at least 6 characters long.']);
  });

  it('lists every failing message together', () => {
    expect(validateLogin('nope', 'abc')).toEqual([
      'Please enter a valid email.',
      'Password must be at least 6 characters long.',
    ]);
  });
});
