import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConflatedMarkets } from './market-updates.ts';

describe('ConflatedMarkets', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a quiet market at once and its changes within the window once, when the window ends', async () => {
    vi.useFakeTimers();
    let now = 1_000;
    const sent: string[][] = [];
    const markets = new ConflatedMarkets(
      async (ids) => void sent.push([...ids]),
      () => {},
      100,
      () => now,
    );
    markets.changed(['m1']);
    expect(sent).toEqual([['m1']]);
    now = 1_020;
    markets.changed(['m1', 'm2']);
    now = 1_060;
    markets.changed(['m1']);
    // m2 was quiet: at once; m1 is held until its window ends.
    expect(sent).toEqual([['m1'], ['m2']]);
    now = 1_100;
    await vi.advanceTimersByTimeAsync(80);
    expect(sent).toEqual([['m1'], ['m2'], ['m1']]);
    // Nothing more was held: no further sends.
    now = 1_400;
    await vi.advanceTimersByTimeAsync(300);
    expect(sent).toHaveLength(3);
    markets.changed(['m1']);
    expect(sent.at(-1)).toEqual(['m1']);
    markets.stop();
  });
});
