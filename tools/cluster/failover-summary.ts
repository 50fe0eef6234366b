/** One request of the failover probe: when it was sent (ms from the start), how it ended, how long it took. */
export type Sample = {
  kind: string;
  sentMs: number;
  status: number | 'timeout' | 'error';
  code?: string;
  ms: number;
};

export type KindSummary = {
  kind: string;
  /** Answers by `status code`, e.g. `503 DATABASE_UNAVAILABLE: 7`. */
  answers: Record<string, number>;
  /** Seconds from the kill to the last request that was not answered 2xx (null: none). */
  lastFailureSentS: number | null;
  /** Seconds from the kill until the first 2xx answer arrived. */
  firstSuccessAnsweredS: number | null;
  slowestMs: number;
};

const ok = (sample: Sample) => typeof sample.status === 'number' && sample.status < 300;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** What each kind of request saw from the kill on. */
export function summarise(samples: readonly Sample[], killedAtMs: number): KindSummary[] {
  const after = samples.filter((sample) => sample.sentMs >= killedAtMs);
  const kinds = [...new Set(after.map((sample) => sample.kind))].sort();
  return kinds.map((kind) => {
    const mine = after.filter((sample) => sample.kind === kind);
    const answers: Record<string, number> = {};
    for (const sample of mine) {
      const key = sample.code ? `${sample.status} ${sample.code}` : String(sample.status);
      answers[key] = (answers[key] ?? 0) + 1;
    }
    const failures = mine.filter((sample) => !ok(sample)).map((sample) => sample.sentMs);
    const successes = mine.filter(ok).map((sample) => sample.sentMs + sample.ms);
    return {
      kind,
      answers,
      lastFailureSentS: failures.length ? seconds(Math.max(...failures) - killedAtMs) : null,
      firstSuccessAnsweredS: successes.length ? seconds(Math.min(...successes) - killedAtMs) : null,
      slowestMs: Math.max(0, ...mine.map((sample) => sample.ms)),
    };
  });
}
