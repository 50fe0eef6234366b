import { takeTapeBlock } from '@backlay/betfair-stream';
import { parentPort, workerData } from 'node:worker_threads';
import { ReplayLines } from './replay-lines.ts';
import type { ReaderStart } from './replay-reader.ts';
import { toWire, type ReplayEvent } from './replay-wire.ts';

/**
 * The worker thread of a `WorkerReplayLines`: reads and parses the replay's lines with a `ReplayLines`
 * from the given position and posts them in batches, one batch for each credit the feed's thread
 * gives, so it reads at most a few batches ahead. A file it cannot read is posted in its place in
 * the series, as the thread's own `ReplayLines` would report it.
 */
const port = parentPort!;
const { files, position, sportsData, batchLines } = workerData as ReaderStart;
const unreadable: ReplayEvent[] = [];
const lines = new ReplayLines(
  files,
  position,
  (fileId, error) => unreadable.push({ fileId, message: String(error) }),
  sportsData,
);

/** Numbers the next batch's block holds: the last batch's and a margin, so its tapes fill one. */
let blockDoubles = 0;
let credit = 0;
let wake: (() => void) | null = null;
port.on('message', (more: number) => {
  credit += more;
  wake?.();
  wake = null;
});

for (let done = false; !done;) {
  while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
  const events: ReplayEvent[] = [];
  while (events.length < batchLines) {
    const line = await lines.peek();
    if (unreadable.length > 0) events.push(...unreadable.splice(0));
    if (!line) {
      done = true;
      break;
    }
    events.push({ line: lines.take() });
  }
  credit -= 1;
  const { block, used } = takeTapeBlock(blockDoubles);
  blockDoubles = Math.ceil(used * 1.25);
  port.postMessage(...toWire(events, done, block));
}
// Nothing more to read: the thread ends.
port.close();
