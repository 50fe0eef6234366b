import { afterEach, expect, it, vi } from 'vitest';
import { KeyedThrottle } from './keyed-throttle.ts';

afterEach(() => void vi.useRealTimers());

function throttled() {
  vi.useFakeTimers();
  const sent: [string, number, number][] = [];
  const start = Date.now();
  const throttle = new KeyedThrottle<number>((key, value) => {
    sent.push([key, value, Date.now() - start]);
  }, 100);
  return { throttle, sent };
}

it('sends a quiet key at once and the latest of a burst when its window ends', async () => {
  const { throttle, sent } = throttled();
  throttle.offer('a', 1);
  expect(sent).toEqual([['a', 1, 0]]);
  for (let value = 2; value <= 5; value += 1) {
    await vi.advanceTimersByTimeAsync(10);
    throttle.offer('a', value);
  }
  await vi.advanceTimersByTimeAsync(59);
  expect(sent).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(sent).toEqual([
    ['a', 1, 0],
    ['a', 5, 100],
  ]);
  // The window the held value opened passes with nothing held: the next value goes at once again.
  await vi.advanceTimersByTimeAsync(150);
  throttle.offer('a', 6);
  expect(sent.at(-1)).toEqual(['a', 6, 250]);
  throttle.stop();
});

it('keeps windows per key, and sends now what must not wait, dropping what was held', async () => {
  const { throttle, sent } = throttled();
  throttle.offer('a', 1);
  throttle.offer('b', 1);
  throttle.offer('a', 2);
  expect(sent).toEqual([
    ['a', 1, 0],
    ['b', 1, 0],
  ]);
  throttle.sendNow('a', 3);
  await vi.advanceTimersByTimeAsync(100);
  expect(sent).toEqual([
    ['a', 1, 0],
    ['b', 1, 0],
    ['a', 3, 0],
  ]);
  throttle.offer('a', 4);
  throttle.stop();
  await vi.advanceTimersByTimeAsync(500);
  expect(sent.at(-1)).toEqual(['a', 4, 100]);
});
