import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { LOGIN_FAILURE_TEXT, loginFailureText } from './login-failure.ts';

describe('loginFailureText', () => {
  it('shows the fixed text for a 401', () => {
    expect(loginFailureText(new ApiError(401, 'Invalid email or password', 'Unauthorized'))).toBe(
      'Authentication attempt has failed, likely due to invalid credentials. Please verify and try again.',
    );
  });

  it("shows the server's message for 429 and 400", () => {
    expect(loginFailureText(new ApiError(429, 'Too many attempts, wait 60 s', ''))).toBe(
      'Too many attempts, wait 60 s',
    );
    expect(loginFailureText(new ApiError(400, 'email: Invalid email', ''))).toBe('email: Invalid email');
  });

  it("shows the server's message for a sign-in during a self-exclusion, which names its end", () => {
    const excluded = 'You have excluded yourself from play until 2027-05-27T15:19:02.000Z.';
    expect(loginFailureText(new ApiError(403, excluded, 'Forbidden', 'SELF_EXCLUDED'))).toBe(excluded);
  });

  it('falls back to the fixed text for server errors', () => {
    expect(loginFailureText(new ApiError(500, 'boom', ''))).toBe(LOGIN_FAILURE_TEXT);
    expect(loginFailureText(new ApiError(429, null, 'Too Many Requests'))).toBe(LOGIN_FAILURE_TEXT);
  });

  it('says so when the server cannot be reached', () => {
    expect(loginFailureText(new TypeError('Failed to fetch'))).toBe(
      'The server could not be reached. Please try again.',
    );
  });
});
