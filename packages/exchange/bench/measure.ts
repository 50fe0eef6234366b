import type { BenchEngine } from './adapters.ts';
import type { Script } from './workload.ts';

export interface Figures {
  readonly opsPerSec: number;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly maxUs: number;
}

function prepared(createEngine: () => BenchEngine, script: Script): BenchEngine {
  const engine = createEngine();
  for (const op of script.setupOps) engine.run(op);
  return engine;
}

/** Ops per second over the whole script, with no per-op timer in the loop. */
function throughput(createEngine: () => BenchEngine, script: Script): number {
  const engine = prepared(createEngine, script);
  const { ops } = script;
  const startNs = process.hrtime.bigint();
  for (let i = 0; i < ops.length; i++) engine.run(ops[i]!);
  const elapsedNs = Number(process.hrtime.bigint() - startNs);
  return (ops.length * 1e9) / elapsedNs;
}

/** Every op timed on its own with hrtime; the figures include the timer's own cost (~tens of ns). */
function latencies(createEngine: () => BenchEngine, script: Script): Float64Array {
  const engine = prepared(createEngine, script);
  const { ops } = script;
  const samplesNs = new Float64Array(ops.length);
  for (let i = 0; i < ops.length; i++) {
    const startNs = process.hrtime.bigint();
    engine.run(ops[i]!);
    samplesNs[i] = Number(process.hrtime.bigint() - startNs);
  }
  return samplesNs.sort();
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** Best of `repeats` throughput runs (least disturbed by the machine), then one latency run. */
export function measure(createEngine: () => BenchEngine, script: Script, repeats = 3): Figures {
  let opsPerSec = 0;
  for (let i = 0; i < repeats; i++) opsPerSec = Math.max(opsPerSec, throughput(createEngine, script));
  const samplesNs = latencies(createEngine, script);
  const at = (quantile: number) =>
    samplesNs[Math.min(samplesNs.length - 1, Math.floor(quantile * samplesNs.length))]!;
  return {
    opsPerSec: Math.round(opsPerSec),
    p50Us: round(at(0.5) / 1000, 3),
    p99Us: round(at(0.99) / 1000, 3),
    maxUs: round(samplesNs[samplesNs.length - 1]! / 1000, 1),
  };
}

/** Median cost of one hrtime.bigint() pair, to read the latency figures against. */
export function timerOverheadNs(): number {
  const samples = new Float64Array(100_000);
  for (let i = 0; i < samples.length; i++) {
    const startNs = process.hrtime.bigint();
    samples[i] = Number(process.hrtime.bigint() - startNs);
  }
  return samples.sort()[samples.length >> 1]!;
}
