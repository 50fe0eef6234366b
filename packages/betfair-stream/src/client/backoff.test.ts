import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './backoff.ts';
import { actionOfFailure } from './failures.ts';

describe('reconnectDelayMs', () => {
  it('doubles from the initial delay up to the cap, the same every time', () => {
    const settings = { initialDelayMs: 100, maxDelayMs: 1000 };
    expect([1, 2, 3, 4, 5, 60].map((n) => reconnectDelayMs(n, settings))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
    expect(reconnectDelayMs(1)).toBe(500);
  });
});

describe('actionOfFailure', () => {
  it('gives up on the key and the request, logs in again for an ended session when it can, else retries', () => {
    expect(actionOfFailure('NO_APP_KEY', true)).toBe('fatal');
    expect(actionOfFailure('NOT_AUTHORIZED', true)).toBe('fatal');
    expect(actionOfFailure('INVALID_SESSION_INFORMATION', true)).toBe('relogin');
    expect(actionOfFailure('INVALID_SESSION_INFORMATION', false)).toBe('fatal');
    expect(actionOfFailure('NO_SESSION', true)).toBe('relogin');
    expect(actionOfFailure('INVALID_CLOCK', false)).toBe('fresh');
    expect(actionOfFailure('TIMEOUT', false)).toBe('retry');
    expect(actionOfFailure('MAX_CONNECTION_LIMIT_EXCEEDED', false)).toBe('retry');
  });
});
