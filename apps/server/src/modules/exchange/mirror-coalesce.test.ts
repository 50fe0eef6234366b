import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MirrorBook } from './mirror-book.ts';
import { MirrorCoalescer } from './mirror-coalesce.ts';

const open = (price: number): MirrorBook => ({
  status: 'OPEN',
  inPlay: false,
  runners: [{ runnerId: 'r1', removed: false, atb: [[price, 10]], atl: [] }],
});

describe('MirrorCoalescer', () => {
  afterEach(() => void vi.useRealTimers());

  it('re-quotes a quiet market at once and the rest of a burst as one, the last, when the window ends', async () => {
    vi.useFakeTimers();
    const sent: [string, MirrorBook][] = [];
    const mirrors = new MirrorCoalescer((marketId, book) => void sent.push([marketId, book]));
    for (let step = 0; step < 10; step++) {
      mirrors.offer('m1', open(2 + step / 50));
      await vi.advanceTimersByTimeAsync(9);
    }
    expect(sent).toEqual([['m1', open(2)]]);
    await vi.advanceTimersByTimeAsync(10);
    expect(sent).toEqual([
      ['m1', open(2)],
      ['m1', open(2.18)],
    ]);
    // A book inside the window the held one opened waits for its end; once quiet, a book goes at once.
    mirrors.offer('m1', open(3));
    await vi.advanceTimersByTimeAsync(99);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toEqual(['m1', open(3)]);
    await vi.advanceTimersByTimeAsync(100);
    mirrors.offer('m1', open(4));
    expect(sent.at(-1)).toEqual(['m1', open(4)]);
    mirrors.stop();
  });

  it('sends a book that suspends or goes in play at once, dropping the one held', async () => {
    vi.useFakeTimers();
    const sent: MirrorBook[] = [];
    const mirrors = new MirrorCoalescer((_, book) => void sent.push(book));
    mirrors.offer('m1', open(2));
    mirrors.offer('m1', open(2.02));
    const suspended = { ...open(2), status: 'SUSPENDED' } as const;
    mirrors.offer('m1', suspended);
    expect(sent).toEqual([open(2), suspended]);
    const reopened = open(2);
    mirrors.offer('m1', reopened);
    // Open again inside the suspension's window: the quotes come back when it ends.
    expect(sent).toEqual([open(2), suspended]);
    const inPlay = { ...open(2), inPlay: true };
    mirrors.offer('m1', inPlay);
    expect(sent).toEqual([open(2), suspended, inPlay]);
    const inPlayPrices = { ...open(1.5), inPlay: true };
    mirrors.offer('m1', inPlayPrices);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([open(2), suspended, inPlay, inPlayPrices]);
    mirrors.offer('m1', { ...inPlay, status: 'CLOSED' });
    expect(sent).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toHaveLength(5);
  });

  it('answers the re-quote of a book sent at once, and nothing for a book it holds', async () => {
    vi.useFakeTimers();
    const requote = Promise.resolve();
    const mirrors = new MirrorCoalescer(() => requote);
    expect(mirrors.offer('m1', open(2))).toBe(requote);
    expect(mirrors.offer('m1', open(2.02))).toBeUndefined();
    expect(mirrors.offer('m2', open(3))).toBe(requote);
    mirrors.stop();
  });
});
