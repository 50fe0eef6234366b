import { describe, expect, it } from 'vitest';
import { CHOOSE_PERIOD_TEXT, PASSWORD_REQUIRED_TEXT, exclusionErrors } from './exclusion-form.ts';

describe('exclusionErrors', () => {
  it('asks for a period and the password, both at once', () => {
    expect(exclusionErrors(null, '')).toEqual({
      period: CHOOSE_PERIOD_TEXT,
      password: PASSWORD_REQUIRED_TEXT,
    });
  });

  it('finds nothing once both are given; the server judges the password', () => {
    expect(exclusionErrors('1y', 'x')).toEqual({});
    expect(exclusionErrors('5y', ' ')).toEqual({});
  });

  it('words its rules plainly', () => {
    expect(CHOOSE_PERIOD_TEXT).toBe('Choose how long to exclude yourself.');
    expect(PASSWORD_REQUIRED_TEXT).toBe('Enter your password to confirm.');
  });
});
