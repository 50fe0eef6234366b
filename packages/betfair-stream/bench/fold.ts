/**
 * Folding speed: the largest shared recording, parsed once, folded into a fresh cache 20 times.
 * Prints lines/s for the fold alone, for parse + fold (`parseLine`, objects) and for the packed read
 * and fold a replay uses (`parseLineToFold`). Goal: 50,000 lines/s for the fold.
 * Run: npx tsx packages/betfair-stream/bench/fold.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MarketCache, parseLine, parseLineToFold, type StreamMessage } from '../src/index.ts';

const RECORDINGS = fileURLToPath(new URL('../../../../shared/data/betfair-recordings/', import.meta.url));
const ROUNDS = 20;
const WARM_UP_ROUNDS = 40;

function recordingFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return recordingFiles(path);
    return entry.name === 'LICENSE' || entry.name.endsWith('.md') ? [] : [path];
  });
}

const largest = recordingFiles(RECORDINGS).sort((a, b) => statSync(b).size - statSync(a).size)[0];
if (largest === undefined) throw new Error(`no recordings under ${RECORDINGS}`);
const lines = readFileSync(largest, 'utf8').split('\n');
const messages: StreamMessage[] = lines.flatMap((line) => {
  const parsed = parseLine(line);
  return parsed.kind === 'message' ? [parsed.message] : [];
});

interface Timing {
  wallSeconds: number;
  cpuSeconds: number;
}

/** Wall and CPU time both: on a shared machine the CPU time is the figure that says what the code costs. */
function timeRounds(run: () => void): Timing {
  // A feed folds for hours: warm the JIT up first so the figure is the steady state's.
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) run();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) run();
  const cpu = process.cpuUsage(cpuBefore);
  return { wallSeconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

const fold = timeRounds(() => {
  const cache = new MarketCache();
  for (const message of messages) cache.apply(message);
});
const parseFold = timeRounds(() => {
  const cache = new MarketCache();
  for (const line of lines) {
    const parsed = parseLine(line);
    if (parsed.kind === 'message') cache.apply(parsed.message);
  }
});
const packedFold = timeRounds(() => {
  const cache = new MarketCache();
  for (const line of lines) {
    const parsed = parseLineToFold(line);
    if (parsed.kind === 'message' || parsed.kind === 'packed') cache.apply(parsed.message);
  }
});

const folded = messages.length * ROUNDS;
const rate = (seconds: number): string => Math.round(folded / seconds).toLocaleString('en-GB');
const report = (timing: Timing): string =>
  `${rate(timing.wallSeconds)} lines/s wall, ${rate(timing.cpuSeconds)} lines per CPU second`;
console.log(
  `${largest.slice(RECORDINGS.length)}: ${messages.length} lines, ${statSync(largest).size} bytes, x${ROUNDS}`,
);
console.log(`fold alone:    ${report(fold)} (goal 50,000)`);
console.log(`parse + fold:  ${report(parseFold)}`);
console.log(`packed read + fold:  ${report(packedFold)}`);
