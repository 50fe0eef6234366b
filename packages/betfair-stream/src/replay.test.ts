import { describe, expect, it } from 'vitest';
import { replayDelayMs } from './replay.ts';

describe('replayDelayMs', () => {
  it('waits nothing before the first line', () => {
    expect(replayDelayMs(null, 1_000, { speed: 1 })).toBe(0);
  });

  it('waits the recorded gap divided by the speed', () => {
    expect(replayDelayMs(1_000, 3_000, { speed: 1 })).toBe(2_000);
    expect(replayDelayMs(1_000, 3_000, { speed: 4 })).toBe(500);
  });

  it('caps a long gap before dividing', () => {
    expect(replayDelayMs(0, 3_600_000, { speed: 2, maxGapMs: 10_000 })).toBe(5_000);
  });

  it('waits nothing when the publish time goes backwards or stands still', () => {
    expect(replayDelayMs(5_000, 4_000, { speed: 1 })).toBe(0);
    expect(replayDelayMs(5_000, 5_000, { speed: 1 })).toBe(0);
  });

  it('holds the speed to 1..10000', () => {
    expect(replayDelayMs(0, 20_000, { speed: 0.5 })).toBe(20_000);
    expect(replayDelayMs(0, 20_000, { speed: 1e6 })).toBe(2);
    expect(replayDelayMs(0, 20_000, { speed: Number.NaN })).toBe(20_000);
  });
});
