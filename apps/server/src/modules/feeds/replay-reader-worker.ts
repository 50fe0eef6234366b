import { takeTapeBlock } from '@backlay/betfair-stream';
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { ReaderStart } from './reader-threads.ts';
import { ReplayLines } from './replay-lines.ts';
import { toWire, type ReplayEvent } from './replay-wire.ts';

/**
 * A reader thread (reader-threads.ts): runs one job after another, each reading and parsing a replay's
 * lines with a `ReplayLines` from the given position and posting them in batches on the job's own
 * port, one batch for each credit the feed's thread gives, so it reads at most a few batches ahead. A
 * file it cannot read is posted in its place in the series, as the thread's own `ReplayLines` would
 * report it. A job ends when its port closes, or after its last line.
 */
let jobs = Promise.resolve();
parentPort!.on('message', ({ start, port }: { start: ReaderStart; port: MessagePort }) => {
  // One at a time: a job's lines are scanned into the block the next batch moves (takeTapeBlock).
  jobs = jobs.then(() => readJob(start, port));
});

async function readJob({ files, position, sportsData, batchLines }: ReaderStart, port: MessagePort) {
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
  let stopped = false;
  let wake: (() => void) | null = null;
  const woken = () => {
    wake?.();
    wake = null;
  };
  port.on('message', (more: number) => {
    credit += more;
    woken();
  });
  port.on('close', () => {
    stopped = true;
    woken();
  });
  try {
    for (let done = false; !done && !stopped;) {
      while (credit === 0 && !stopped) await new Promise<void>((resolve) => (wake = resolve));
      if (stopped) break;
      const events: ReplayEvent[] = [];
      while (events.length < batchLines && !stopped) {
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
      if (!stopped) port.postMessage(...toWire(events, done, block));
    }
  } finally {
    port.close();
    await lines.close();
  }
}
