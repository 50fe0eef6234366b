import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, playedFor, realityCheckDelayMs } from './due-time.ts';

const signedInAt = '2026-11-27T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('realityCheckDelayMs', () => {
  it('waits until the due time', () => {
    expect(realityCheckDelayMs('2026-11-27T10:15:00.000Z', null, at('2026-11-27T10:05:00.000Z'))).toBe(
      10 * 60_000,
    );
  });

  it('opens at once when the due time has passed (a tab that slept)', () => {
    expect(realityCheckDelayMs('2026-11-27T10:15:00.000Z', null, at('2026-11-27T10:20:00.000Z'))).toBe(0);
  });

  it('never when checks are off or the due time was answered', () => {
    expect(realityCheckDelayMs(null, null, at(signedInAt))).toBeNull();
    const due = '2026-11-27T10:15:00.000Z';
    expect(realityCheckDelayMs(due, due, at('2026-11-27T10:16:00.000Z'))).toBeNull();
    expect(realityCheckDelayMs('2026-11-27T10:30:00.000Z', due, at('2026-11-27T10:16:00.000Z'))).toBe(
      14 * 60_000,
    );
  });

  it('keeps the delay within what a timer can hold', () => {
    expect(realityCheckDelayMs('2027-11-27T10:00:00.000Z', null, at(signedInAt))).toBe(MAX_TIMER_MS);
    expect(realityCheckDelayMs('not a date', null, at(signedInAt))).toBeNull();
  });
});

describe('playedFor', () => {
  it('states whole minutes and hours', () => {
    expect(playedFor(signedInAt, at('2026-11-27T10:00:59.000Z'))).toBe('0 minutes');
    expect(playedFor(signedInAt, at('2026-11-27T10:01:00.000Z'))).toBe('1 minute');
    expect(playedFor(signedInAt, at('2026-11-27T11:00:00.000Z'))).toBe('1 hour');
    expect(playedFor(signedInAt, at('2026-11-27T12:05:00.000Z'))).toBe('2 hours 5 minutes');
  });
});
