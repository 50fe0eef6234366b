/**
 * `npm run bench:feed`: how fast a Betfair recording replays (docs/decisions/0270, 0276, 0281). The largest
 * shared recording (flumine's WIN market, 166 lines) is repeated to BENCH_LINES (default 40,000) lines
 * in a temporary directory (feed-replay-file.ts), uploaded, and replayed at the top speed with no idle
 * gap, twice: (a) with no one watching, (b) with BENCH_SOCKETS (default 2,000) stream sockets following
 * the mirrored market's `market` and `source` topics (five per player, on BENCH_CLIENT_THREADS (4)
 * worker threads); then (c) paced: BENCH_PACED_LINES (120) lines at BENCH_PACED_SPEED (4×) real time,
 * to the same sockets, where the latencies are those of a market followed live rather than of a
 * backlog. Each run creates a feed paused after its first line, so the market exists before the
 * sockets subscribe; the clock starts at its resume. Figures: lines applied per second and per CPU
 * second of this process (resume to finished; the second says what a line costs on a shared machine),
 * and the time from a line applied to the house re-quote that carries it
 * (ExchangeService#mirrorSource) and to a socket's first source frame carrying it, p50/p99. Runs on
 * PostgreSQL (DATABASE_URL) unless BENCH_BACKEND=pglite. No thresholds. Last line: one JSON object.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { summarise, type LatencySummary } from '../../../tools/load-clients/latency.ts';
import { createPlayers, startBenchApp, type Backend, type BenchApp } from './bench-app.ts';
import { writeLongRecording } from './feed-replay-file.ts';
import { now, ReplayTimings } from './feed-replay-timings.ts';

const env = process.env;
const BACKEND: Backend = env.BENCH_BACKEND === 'pglite' ? 'pglite' : 'postgres';
const DATABASE_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LINES = Math.max(Number(env.BENCH_LINES ?? 40_000), 1);
const SOCKETS = Math.min(Number(env.BENCH_SOCKETS ?? 2_000), 5_000);
/** The largest of the shared recordings (../shared/data/betfair-recordings/README.md). */
const SOURCE_NAME = 'flumine/1.197931750';
const SOURCE = fileURLToPath(
  new URL(`../../../../shared/data/betfair-recordings/${SOURCE_NAME}`, import.meta.url),
);
/** The paced run: this many lines at this speed (lines 1 s apart in the source: 4 a second at 4×). */
const PACED_LINES = Math.max(Number(env.BENCH_PACED_LINES ?? 120), 1);
const PACED_SPEED = Math.max(Number(env.BENCH_PACED_SPEED ?? 4), 1);
/** Threads the watchers' sockets are spread over. */
const CLIENT_THREADS = Math.max(Number(env.BENCH_CLIENT_THREADS ?? 4), 1);
/** Lines counted at every socket: at most this many, spread over the replay. */
const SOCKET_SAMPLE_LINES = 2_000;

type RunFigures = {
  scenario: string;
  sockets: number;
  lines: number;
  seconds: number;
  linesPerSecond: number;
  /** Per CPU second of this process (all its threads): on a shared machine, what a line costs. */
  linesPerCpuSecond: number;
  batches: number;
  lineToRequote: LatencySummary;
  lineToSocket: LatencySummary | null;
  socketPairsMissed: number;
  /** Source frames a socket received, on average. */
  framesPerSocket: number;
};

async function api(bench: BenchApp, method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${bench.port}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${bench.operatorToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

async function upload(bench: BenchApp, file: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)]), path.basename(file));
  const response = await fetch(`http://127.0.0.1:${bench.port}/api/admin/feed-files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bench.operatorToken}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { file: { id: string } }).file.id;
}

type FeedState = { state: string; applied: number; markets: { marketId: string }[] };

async function feedOf(bench: BenchApp, feedId: string): Promise<FeedState> {
  return ((await api(bench, 'GET', `/api/admin/feeds/${feedId}`)) as { feed: FeedState }).feed;
}

async function untilState(bench: BenchApp, feedId: string, state: string, pollMs: number) {
  for (;;) {
    const feed = await feedOf(bench, feedId);
    if (feed.state === state) return { feed, at: now() };
    if (feed.state === 'failed') throw new Error(`feed ${feedId} failed`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * The watchers, spread over CLIENT_THREADS worker threads (a player's five sockets in one): an audience
 * reads on many machines, and one thread reading 2,000 sockets took longer than the server took to
 * write them, so its last socket's time was the bench's own queue (docs/decisions/0317).
 */
async function openWatchers(bench: BenchApp, tokens: string[], marketId: string) {
  const perThread = Math.ceil(tokens.length / CLIENT_THREADS / 5) * 5;
  const workers: Worker[] = [];
  for (let first = 0; first < tokens.length; first += perThread) {
    const worker = new Worker(new URL('./feed-replay-clients.mjs', import.meta.url), {
      workerData: { port: bench.port, tokens: tokens.slice(first, first + perThread), marketId },
    });
    workers.push(worker);
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  }
  return async (): Promise<[number, number][][]> => {
    const replies = await Promise.all(
      workers.map((worker) => {
        const reply = new Promise<{ frames: [number, number][][] }>((resolve) =>
          worker.once('message', resolve),
        );
        worker.postMessage('stop');
        return reply;
      }),
    );
    await Promise.all(workers.map((worker) => worker.terminate()));
    return replies.flatMap((reply) => reply.frames);
  };
}

async function replay(
  bench: BenchApp,
  timings: ReplayTimings,
  run: { scenario: string; fileId: string; firstPt: number; tokens: string[]; paced?: boolean },
): Promise<RunFigures> {
  const created = (await api(bench, 'POST', '/api/admin/feeds', {
    kind: 'replay',
    fileIds: [run.fileId],
    speed: run.paced ? PACED_SPEED : 10_000,
    // Idle gaps capped at nothing, except for the paced run, which keeps the source's.
    maxGapMs: run.paced ? undefined : 0,
    until: run.firstPt,
  })) as { feed: { id: string } };
  const feedId = created.feed.id;
  const { feed: paused } = await untilState(bench, feedId, 'paused', 50);
  const marketId = paused.markets[0]!.marketId;
  const stop = run.tokens.length > 0 ? await openWatchers(bench, run.tokens, marketId) : null;
  timings.reset();
  const cpuBefore = process.cpuUsage();
  const startedAt = now();
  // A paced run stops at a publish time PACED_LINES source seconds on (the recording's lines are 1 s apart).
  const until = run.paced ? { until: run.firstPt + PACED_LINES * 1_000 } : {};
  await api(bench, 'POST', `/api/admin/feeds/${feedId}/resume`, until);
  const { feed, at: finishedAt } = await untilState(bench, feedId, run.paced ? 'paused' : 'finished', 20);
  const cpu = process.cpuUsage(cpuBefore);
  // The last re-quote and source frame go out within their 100 ms coalescing.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const frames = stop ? await stop() : [];
  const lines = feed.applied - paused.applied;
  const seconds = (finishedAt - startedAt) / 1_000;
  const every = Math.max(1, Math.ceil(timings.pts.length / SOCKET_SAMPLE_LINES));
  const sockets = timings.socketLatencies(frames, every);
  return {
    scenario: run.scenario,
    sockets: frames.length,
    lines,
    seconds: Math.round(seconds * 100) / 100,
    linesPerSecond: Math.round(lines / seconds),
    linesPerCpuSecond: Math.round(lines / ((cpu.user + cpu.system) / 1e6)),
    batches: timings.batches,
    lineToRequote: summarise(timings.requoteMs),
    lineToSocket: frames.length > 0 ? summarise(sockets.latenciesMs) : null,
    socketPairsMissed: sockets.missed,
    framesPerSocket:
      frames.length > 0 ? Math.round(frames.reduce((sum, f) => sum + f.length, 0) / frames.length) : 0,
  };
}

const latency = (summary: LatencySummary | null) => (summary ? `${summary.p50Ms} / ${summary.p99Ms}` : '-');

function printTable(runs: readonly RunFigures[]): void {
  const rows = [
    [
      'scenario',
      'lines',
      's',
      'lines/s',
      'lines/CPU s',
      'batches',
      'line→re-quote p50/p99 ms',
      'line→socket p50/p99 ms',
      'frames',
    ],
    ...runs.map((run) => [
      run.scenario,
      String(run.lines),
      String(run.seconds),
      String(run.linesPerSecond),
      String(run.linesPerCpuSecond),
      String(run.batches),
      latency(run.lineToRequote),
      latency(run.lineToSocket),
      String(run.framesPerSocket),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

const dir = mkdtempSync(path.join(tmpdir(), 'feed-bench-'));
const long = await writeLongRecording(SOURCE, dir, LINES);
const sourceLines = readFileSync(SOURCE, 'utf8').split('\n').filter(Boolean).length;
console.log(
  `recording: ${SOURCE_NAME} (${sourceLines} lines, the largest shared) repeated to ${long.lines} lines ` +
    `(${(statSync(long.file).size / 1e6).toFixed(1)} MB): one market, its id kept, one definition until it closes, each repetition's pt ` +
    `moved past the last and clk made unique, closed once at the end; speed 10000, maxGapMs 0, on ${BACKEND}`,
);
const bench = await startBenchApp(BACKEND, DATABASE_URL, 8);
try {
  const timings = new ReplayTimings();
  timings.install(bench.deps.exchange);
  const fileId = await upload(bench, long.file);
  const players = SOCKETS > 0 ? await createPlayers(bench, Math.ceil(SOCKETS / 5), 100_000n) : [];
  const tokens = Array.from({ length: SOCKETS }, (_, i) => players[Math.floor(i / 5)]!.token);
  const runs = [
    await replay(bench, timings, {
      scenario: '(a) no one watching',
      fileId,
      firstPt: long.firstPt,
      tokens: [],
    }),
    await replay(bench, timings, {
      scenario: `(b) ${SOCKETS} sockets`,
      fileId,
      firstPt: long.firstPt,
      tokens,
    }),
    await replay(bench, timings, {
      scenario: `(c) ${SOCKETS} sockets, ${PACED_SPEED}× real time`,
      fileId,
      firstPt: long.firstPt,
      tokens,
      paced: true,
    }),
  ];
  printTable(runs);
  console.log(JSON.stringify({ backend: BACKEND, recordingLines: long.lines, runs }));
} finally {
  await bench.close();
  rmSync(dir, { recursive: true, force: true });
}
