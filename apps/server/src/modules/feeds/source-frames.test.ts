import type { SourceBook } from '@backlay/contracts';
import { afterEach, expect, it, vi } from 'vitest';
import { REQUOTE_WAIT_MS, SOURCE_FRAME_INTERVAL_MS, SourceTopic } from './source-topic.ts';

const book = (pt: number) => ({ pt }) as SourceBook;

function topicWithFrames() {
  const frames: { id: string | undefined; seq: number; atMs: number }[] = [];
  const streams = {
    publish: async (_kind: string, id: string | undefined, update: { seq: number }) =>
      void frames.push({ id, seq: update.seq, atMs: Date.now() }),
  };
  return { frames, topic: new SourceTopic(streams, (error) => expect.fail(String(error))) };
}

afterEach(() => void vi.useRealTimers());

it('sends a quiet market frame once its re-quote has ended, and a burst after it as its latest', async () => {
  vi.useFakeTimers({ now: 0 });
  const { frames, topic } = topicWithFrames();
  let requoted!: () => void;
  const requote = new Promise<void>((resolve) => (requoted = resolve));
  topic.publish(new Map([['m1', book(1)]]), new Map([['m1', requote]]));
  await vi.advanceTimersByTimeAsync(10);
  expect(frames).toEqual([]);
  requoted();
  await vi.advanceTimersByTimeAsync(0);
  expect(frames).toEqual([{ id: 'm1', seq: 1, atMs: 10 }]);
  for (const pt of [2, 3, 4]) topic.publish(new Map([['m1', book(pt)]]));
  await vi.advanceTimersByTimeAsync(SOURCE_FRAME_INTERVAL_MS - 1);
  expect(frames).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(frames.at(-1)).toEqual({ id: 'm1', seq: 4, atMs: 10 + SOURCE_FRAME_INTERVAL_MS });
  topic.close();
});

it('waits for a re-quote no longer than its limit, and keeps markets apart', async () => {
  vi.useFakeTimers({ now: 0 });
  const { frames, topic } = topicWithFrames();
  const never = new Promise<void>(() => {});
  topic.publish(
    new Map([
      ['m1', book(1)],
      ['m2', book(2)],
    ]),
    new Map([['m1', never]]),
  );
  await vi.advanceTimersByTimeAsync(0);
  expect(frames).toEqual([{ id: 'm2', seq: 2, atMs: 0 }]);
  await vi.advanceTimersByTimeAsync(REQUOTE_WAIT_MS);
  expect(frames).toEqual([
    { id: 'm2', seq: 2, atMs: 0 },
    { id: 'm1', seq: 1, atMs: REQUOTE_WAIT_MS },
  ]);
  topic.close();
  topic.publish(new Map([['m3', book(3)]]));
  await vi.advanceTimersByTimeAsync(SOURCE_FRAME_INTERVAL_MS);
  expect(frames).toHaveLength(2);
});
