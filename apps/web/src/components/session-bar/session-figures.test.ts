import { describe, expect, it } from 'vitest';
import { msToNextMinute, netText, netTone, sessionClock } from './session-figures.ts';

const MINUTE_MS = 60_000;

describe('sessionClock', () => {
  it('shows whole minutes as h:mm', () => {
    expect(sessionClock(0)).toBe('0:00');
    expect(sessionClock(59_999)).toBe('0:00');
    expect(sessionClock(42 * MINUTE_MS)).toBe('0:42');
    expect(sessionClock(125 * MINUTE_MS + 30_000)).toBe('2:05');
    expect(sessionClock(25 * 60 * MINUTE_MS)).toBe('25:00');
  });

  it('reads a clock behind the server as 0:00', () => {
    expect(sessionClock(-5_000)).toBe('0:00');
  });
});

describe('msToNextMinute', () => {
  it('waits for the next whole minute since sign-in', () => {
    expect(msToNextMinute(0)).toBe(MINUTE_MS);
    expect(msToNextMinute(42 * MINUTE_MS + 15_000)).toBe(45_000);
    expect(msToNextMinute(-5_000)).toBe(MINUTE_MS);
  });
});

describe('netTone and netText', () => {
  it('a loss is red and keeps its minus sign', () => {
    expect(netTone('-50.00')).toBe('loss');
    expect(netText('-50.00', 'en-US')).toBe('-50.00');
    expect(netText('-1500.00', 'en-US')).toBe('-1,500.00');
  });

  it('a win is green and carries a plus sign', () => {
    expect(netTone('25.50')).toBe('win');
    expect(netText('25.50', 'en-US')).toBe('+25.50');
    expect(netText('+1500.00', 'en-US')).toBe('+1,500.00');
  });

  it('nothing won or lost is neither, without a sign', () => {
    expect(netTone('0.00')).toBe('even');
    expect(netTone('-0.00')).toBe('even');
    expect(netText('-0.00', 'en-US')).toBe('0.00');
    expect(netText('0.00', 'en-US')).toBe('0.00');
  });

  it('uses the player locale money format', () => {
    expect(netText('-1500.00', 'de-DE')).toBe('-1.500,00');
  });
});
