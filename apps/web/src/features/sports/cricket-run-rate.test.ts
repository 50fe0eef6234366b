import { describe, expect, it } from 'vitest';
import { legalBalls, runRate } from './cricket-run-rate.ts';

describe('the run rate', () => {
  it('counts the part after the point as balls, not tenths of an over', () => {
    expect(legalBalls('12.3')).toBe(75);
    expect(legalBalls('20')).toBe(120);
    expect(runRate(75, '12.3')).toBe('6.00');
  });

  it('gives runs per over to two places, rounded half up', () => {
    expect(runRate(155, '17.2')).toBe('8.94');
    expect(runRate(81, '13.0')).toBe('6.23');
    // 1 run off 8 balls is 0.75 an over exactly; 1 off 16 balls is 0.375, shown 0.38.
    expect(runRate(1, '1.2')).toBe('0.75');
    expect(runRate(1, '2.4')).toBe('0.38');
  });

  it('has none before the first ball or for overs it cannot read', () => {
    expect(runRate(0, '0.0')).toBeNull();
    expect(runRate(4, '0.0')).toBeNull();
    expect(legalBalls('12.7')).toBeNull();
    expect(runRate(10, 'twelve')).toBeNull();
  });
});
