import { ourEngine, peerEngine } from './adapters.ts';
import { measure, timerOverheadNs, type Figures } from './measure.ts';
import { mixScript, queueScript, type Script } from './workload.ts';

// npm run bench:exchange. Cases and op mix are described in workload.ts; sizes via env for quick runs.
const MIX_OPS = Number(process.env.BENCH_MIX_OPS ?? 300_000);
const QUEUE_OPS = Number(process.env.BENCH_QUEUE_OPS ?? 200_000);

function show(label: string, ours: Figures, peer: Figures): void {
  const row = (name: string, f: Figures) =>
    `  ${name.padEnd(6)} ${f.opsPerSec.toLocaleString('en-US').padStart(11)} ops/s   p50 ${f.p50Us} us   p99 ${f.p99Us} us   max ${f.maxUs} us`;
  console.log(
    `${label}\n${row('ours', ours)}\n${row('peer', peer)}\n  ratio  ${(ours.opsPerSec / peer.opsPerSec).toFixed(2)}x`,
  );
}

function compare(label: string, script: Script): { ours: Figures; peer: Figures } {
  const ours = measure(ourEngine, script);
  const peer = measure(peerEngine, script);
  show(label, ours, peer);
  return { ours, peer };
}

// Warm both engines' code paths before anything is measured.
const warmUp = mixScript(99, 100_000);
measure(ourEngine, warmUp, 1);
measure(peerEngine, warmUp, 1);
measure(ourEngine, queueScript(98, 50_000, 200), 1);
measure(peerEngine, queueScript(98, 50_000, 200), 1);

console.log(
  `exchange engine benchmark (node ${process.version}); timer overhead ${timerOverheadNs()} ns per sample`,
);
const mix = compare(
  `mix: ${MIX_OPS} ops, ~1,000 resting orders (rest 45%, cross 20%, cancel 25%, replace 10%)`,
  mixScript(1, MIX_OPS),
);
const deep = compare(
  `deep queue: ${QUEUE_OPS} ops on one price holding ~1,000 orders`,
  queueScript(2, QUEUE_OPS, 1000),
);
const shallow = compare(
  `shallow queue: ${QUEUE_OPS} ops on one price holding ~5 orders`,
  queueScript(3, QUEUE_OPS, 5),
);

const deepOverShallow = shallow.ours.opsPerSec / deep.ours.opsPerSec;
console.log(
  `deep over shallow (per-op time): ${deepOverShallow.toFixed(2)}x; targets: mix >= 1,000,000 ops/s, p99 <= 5 us, deep <= 2x shallow`,
);
console.log(
  JSON.stringify({
    mixOpsPerSec: mix.ours.opsPerSec,
    mixP50Us: mix.ours.p50Us,
    mixP99Us: mix.ours.p99Us,
    mixMaxUs: mix.ours.maxUs,
    peerMixOpsPerSec: mix.peer.opsPerSec,
    peerMixP99Us: mix.peer.p99Us,
    peerRatioMix: Number((mix.ours.opsPerSec / mix.peer.opsPerSec).toFixed(2)),
    deepOpsPerSec: deep.ours.opsPerSec,
    deepP50Us: deep.ours.p50Us,
    deepP99Us: deep.ours.p99Us,
    deepMaxUs: deep.ours.maxUs,
    peerDeepOpsPerSec: deep.peer.opsPerSec,
    peerDeepP99Us: deep.peer.p99Us,
    peerRatioDeep: Number((deep.ours.opsPerSec / deep.peer.opsPerSec).toFixed(2)),
    shallowOpsPerSec: shallow.ours.opsPerSec,
    shallowP99Us: shallow.ours.p99Us,
    peerShallowOpsPerSec: shallow.peer.opsPerSec,
    deepOverShallow: Number(deepOverShallow.toFixed(2)),
    deepOverShallowP99: Number((deep.ours.p99Us / shallow.ours.p99Us).toFixed(2)),
  }),
);
