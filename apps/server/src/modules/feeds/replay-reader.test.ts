import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ReplayLines, type ReplayLine } from './replay-lines.ts';
import { readerThreads } from './reader-threads.ts';
import { WorkerReplayLines } from './replay-reader.ts';

const recording = (name: string) =>
  fileURLToPath(new URL(`../../../../../../shared/data/betfair-recordings/${name}`, import.meta.url));

const FILES = [
  { id: 'win', path: recording('flumine/1.197931750') },
  { id: 'missing', path: recording('flumine/no-such-file') },
  { id: 'cricket', path: recording('betfairlightweight/CRICKET-1.179676557') },
  { id: 'basic', path: recording('flumine/BASIC-1.132153978') },
];

type Lines = Pick<ReplayLines, 'peek' | 'take' | 'close'>;

/** Takes up to `count` lines, and the files reported unreadable on the way. */
async function takeLines(lines: Lines, unreadable: string[], count = Infinity) {
  const taken: ReplayLine[] = [];
  while (taken.length < count && (await lines.peek())) taken.push(lines.take());
  return { taken, unreadable: [...unreadable] };
}

function both(position = { fileIndex: 0, lineNumber: 0 }) {
  const here: string[] = [];
  const there: string[] = [];
  const onThread = new ReplayLines(FILES, position, (fileId, error) =>
    here.push(`${fileId}: ${String(error)}`),
  );
  const inWorker = new WorkerReplayLines(FILES, position, (fileId, error) =>
    there.push(`${fileId}: ${String(error)}`),
  );
  return { onThread, inWorker, here, there };
}

describe('WorkerReplayLines', () => {
  it('reads the series ReplayLines reads, from the start and from a position', async () => {
    for (const position of [
      { fileIndex: 0, lineNumber: 0 },
      { fileIndex: 0, lineNumber: 100 },
      { fileIndex: 3, lineNumber: 470 },
    ]) {
      const { onThread, inWorker, here, there } = both(position);
      const expected = await takeLines(onThread, here);
      const actual = await takeLines(inWorker, there);
      expect(inWorker.readInWorker).toBe(true);
      expect(actual).toEqual(expected);
      expect(await inWorker.peek()).toBeNull();
      await inWorker.close();
    }
  });

  it('drops the lines read ahead on close and reads on from the line after the last taken', async () => {
    const { onThread, inWorker, here, there } = both();
    const expected = await takeLines(onThread, here);
    const first = await takeLines(inWorker, there, 10);
    await inWorker.close();
    const rest = await takeLines(inWorker, there);
    expect([...first.taken, ...rest.taken]).toEqual(expected.taken);
    await inWorker.close();
  });

  it('keeps its threads for the next replay, one job at a time on each', async () => {
    const { onThread, here } = both();
    const expected = await takeLines(onThread, here);
    const threadsBefore = readerThreads.size;
    // One after another, finished or closed half-way: the same thread reads them all.
    for (const count of [Infinity, 10, Infinity]) {
      const { inWorker, there } = both();
      const { taken } = await takeLines(inWorker, there, count);
      expect(taken).toEqual(expected.taken.slice(0, count));
      expect(inWorker.readInWorker).toBe(true);
      await inWorker.close();
    }
    expect(readerThreads.size).toBe(Math.max(threadsBefore, 1));
    // Side by side, each on a thread of its own, neither seeing the other's lines.
    const pair = [both(), both()];
    const read = await Promise.all(pair.map(({ inWorker, there }) => takeLines(inWorker, there)));
    for (const { taken } of read) expect(taken).toEqual(expected.taken);
    expect(readerThreads.size).toBe(Math.max(threadsBefore, 2));
    await Promise.all(pair.map(({ inWorker }) => inWorker.close()));
  });

  it('reads a few batches ahead of the lines taken, not the whole series', async () => {
    const basic = FILES[3]!;
    const files = Array.from({ length: 64 }, (_, copy) => ({ ...basic, id: `basic-${copy}` }));
    const lines = new WorkerReplayLines(files, { fileIndex: 0, lineNumber: 0 }, () => {});
    for (let taken = 0; taken < 10; taken += 1) {
      await lines.peek();
      lines.take();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    // 30,720 lines in all; 32 batches of 256 ahead, and the one asked for as the first ran low.
    expect(lines.linesAhead).toBeGreaterThan(0);
    expect(lines.linesAhead).toBeLessThanOrEqual(33 * 256);
    await lines.close();
  });
});
