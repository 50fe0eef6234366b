import { createSimulator, type FeedEvent } from '../src/index.ts';

// npm run bench:simulator. Polls the simulator like the server's worker (every 250 ms of wall time) with
// the full rolling schedule, at real speed and at a demo speed; sizes via env for quick runs.
const POLL_MS = 250;
const REAL_HOURS = Number(process.env.BENCH_FEED_HOURS ?? 24);
const FAST_SPEED = Number(process.env.BENCH_FEED_SPEED ?? 60);
const START_MS = 1_780_315_200_000; // 2026-06-01T12:00:00Z

interface Figures {
  readonly polls: number;
  readonly events: number;
  readonly eventsPerSec: number;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly maxUs: number;
  readonly openFixtures: number;
  readonly createMs: number;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function run(speed: number, wallHours: number, pollMs = POLL_MS): Figures {
  const createStartNs = process.hrtime.bigint();
  const feed = createSimulator({ seed: 'bench', startMs: START_MS, speed });
  const createMs = Number(process.hrtime.bigint() - createStartNs) / 1e6;
  const polls = Math.round((wallHours * 3_600_000) / pollMs);
  const samplesNs = new Float64Array(polls);
  let events = 0;
  let sink: FeedEvent[] = [];
  const totalStartNs = process.hrtime.bigint();
  for (let i = 0; i < polls; i++) {
    const startNs = process.hrtime.bigint();
    sink = feed.advance(START_MS + i * pollMs);
    samplesNs[i] = Number(process.hrtime.bigint() - startNs);
    events += sink.length;
  }
  const totalSec = Number(process.hrtime.bigint() - totalStartNs) / 1e9;
  samplesNs.sort();
  const at = (quantile: number) => samplesNs[Math.min(polls - 1, Math.floor(quantile * polls))]! / 1000;
  return {
    polls,
    events,
    eventsPerSec: Math.round(events / totalSec),
    p50Us: round(at(0.5), 1),
    p99Us: round(at(0.99), 1),
    maxUs: round(samplesNs[polls - 1]! / 1000, 1),
    openFixtures: feed.snapshot().fixtures.length,
    createMs: round(createMs, 1),
  };
}

function show(label: string, figures: Figures): void {
  console.log(
    `${label}\n  ${figures.polls.toLocaleString('en-US')} polls, ${figures.events.toLocaleString('en-US')} events ` +
      `(${figures.eventsPerSec.toLocaleString('en-US')} events/s processed), ${figures.openFixtures} open fixtures\n` +
      `  advance() p50 ${figures.p50Us} us   p99 ${figures.p99Us} us   max ${figures.maxUs} us; create ${figures.createMs} ms`,
  );
}

run(10, 0.5); // warm the code paths
console.log(`feed simulator benchmark (node ${process.version}); poll every ${POLL_MS} ms`);
const real = run(1, REAL_HOURS);
show(`real time: ${REAL_HOURS} h of wall time`, real);
const fast = run(FAST_SPEED, REAL_HOURS / FAST_SPEED);
show(
  `speed ${FAST_SPEED}: ${REAL_HOURS} h of simulated time in ${REAL_HOURS / FAST_SPEED} h of wall time`,
  fast,
);
const burst = run(1, 48, 60_000);
show('raw throughput: 48 h of the schedule, one advance() per simulated minute', burst);
console.log('targets: advance() p99 <= 1,000 us at real speed (the worker polls every 250 ms)');
console.log(
  JSON.stringify({
    realEventsPerSec: real.eventsPerSec,
    realEventsTotal: real.events,
    realP50Us: real.p50Us,
    realP99Us: real.p99Us,
    realMaxUs: real.maxUs,
    fastSpeed: FAST_SPEED,
    fastEventsPerSec: fast.eventsPerSec,
    fastP50Us: fast.p50Us,
    fastP99Us: fast.p99Us,
    fastMaxUs: fast.maxUs,
    burstEventsPerSec: burst.eventsPerSec,
    burstP99Us: burst.p99Us,
    openFixtures: real.openFixtures,
    createMs: real.createMs,
  }),
);
