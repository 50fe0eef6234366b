import { describe, expect, it } from 'vitest';
import { clockOffsetMs, countdownSeconds, msUntil } from './server-clock.ts';

describe('server clock', () => {
  const serverTime = '2026-11-23T12:00:00.000Z';
  const serverMs = Date.parse(serverTime);

  it('measures how far the server is ahead of or behind the browser', () => {
    expect(clockOffsetMs(serverTime, serverMs - 60_000)).toBe(60_000);
    expect(clockOffsetMs(serverTime, serverMs + 2_500)).toBe(-2_500);
    expect(clockOffsetMs('not a time', serverMs)).toBe(0);
  });

  it('counts down to closesAt on the server clock, not the local one', () => {
    const closesAt = '2026-11-23T12:00:10.000Z';
    // The browser is a minute slow: local now is 11:59:00 while the server says 12:00:00.
    const localNow = serverMs - 60_000;
    expect(msUntil(closesAt, localNow, 60_000)).toBe(10_000);
    expect(msUntil(closesAt, localNow, 0)).toBe(70_000);
    expect(msUntil(closesAt, serverMs + 20_000, 0)).toBe(0);
    expect(msUntil('garbage', serverMs, 0)).toBe(0);
  });

  it('shows whole seconds rounded up and zero once closed', () => {
    expect(countdownSeconds(10_000)).toBe(10);
    expect(countdownSeconds(9_001)).toBe(10);
    expect(countdownSeconds(200)).toBe(1);
    expect(countdownSeconds(0)).toBe(0);
    expect(countdownSeconds(-5)).toBe(0);
  });
});
