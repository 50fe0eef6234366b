/**
 * The aggregator side of `bench:casino` and `bench:scale`, run as a child process: the app's process
 * then serves the callbacks and nothing else, as it would with the aggregator on another machine. Each
 * client plays rounds back to back: a signed bet, then a signed win (0, 1.00 or 2.00) for the same
 * round.
 */
import { signBody } from '@backlay/contracts/casino-signature';
import { KeepAliveClient } from './http-client.ts';
import { summarise, type LatencySummary } from './latency.ts';
import { pacer } from './pace.ts';

export type LoadInput = {
  port: number;
  /** The app's (or its load balancer's) address; this machine when absent. */
  host?: string;
  secret: string;
  tokens: readonly string[];
  gameId: number;
  clients: number;
  seconds: number;
  /** Callbacks per second offered by all clients together; back to back when absent. */
  ratePerSec?: number;
  warmupSeconds: number;
  runTag: string;
};

export type LoadOutput = LatencySummary & {
  refused: number;
  /** Refusals by status (RS_ERROR_LIMIT_REACHED for a loss limit), so a refusal has a cause. */
  refusals: Record<string, number>;
  failed: number;
  elapsedSeconds: number;
  /** The players' own CPU over the measured part, in microseconds: it shares the cores with the app. */
  cpuUs: number;
};

/** What the child sends: once when the measured part begins, once with the figures. */
export type LoadMessage = { measuring: true } | { done: LoadOutput };

/**
 * The clients play without pause from the warm-up into the measured part: restarting them all at once
 * for it would measure a burst of simultaneous first calls that a steady load never has. A call counts
 * when it started after the warm-up.
 */
async function runLoad(input: LoadInput, onMeasuring: () => void): Promise<LoadOutput> {
  const client = new KeepAliveClient(input.port, input.clients, input.host);
  const latenciesMs: number[] = [];
  let refused = 0;
  const refusals: Record<string, number> = {};
  let failed = 0;
  const measureFrom = performance.now() + input.warmupSeconds * 1000;
  const stopAt = measureFrom + input.seconds * 1000;
  const call = async (kind: 'bet' | 'win', fields: Record<string, unknown>) => {
    const body = { ...fields, timestamp: Date.now() };
    const signature = signBody(input.secret, JSON.stringify(body));
    const started = performance.now();
    const response = await client.post(`/api/wallet/${kind}`, body, { 'x-signature': signature });
    if (started < measureFrom) return;
    const status = response.status === 200 ? (JSON.parse(response.body) as { status: string }).status : '';
    if (status === 'RS_OK') latenciesMs.push(performance.now() - started);
    else if (status.startsWith('RS_')) {
      refused += 1;
      refusals[status] = (refusals[status] ?? 0) + 1;
    } else failed += 1;
  };
  const loop = async (clientIndex: number) => {
    const pace = pacer(input.ratePerSec, input.clients, clientIndex);
    for (let round = 0; performance.now() < stopAt; round += 1) {
      const token = input.tokens[(clientIndex + round * input.clients) % input.tokens.length];
      const roundId = `${input.runTag}-${clientIndex}-${round}`;
      const common = { token, roundId, gameId: input.gameId };
      await pace();
      await call('bet', { ...common, transactionId: `${roundId}-b`, amount: '1.00' });
      await pace();
      await call('win', {
        ...common,
        transactionId: `${roundId}-w`,
        amount: ['0', '1.00', '2.00'][round % 3],
        referenceTransactionId: `${roundId}-b`,
      });
    }
  };
  let cpuBefore = process.cpuUsage();
  const measuring = setTimeout(() => {
    cpuBefore = process.cpuUsage();
    onMeasuring();
  }, measureFrom - performance.now());
  await Promise.all(Array.from({ length: input.clients }, (_, i) => loop(i)));
  clearTimeout(measuring);
  const elapsedSeconds = (performance.now() - measureFrom) / 1000;
  client.close();
  const cpu = process.cpuUsage(cpuBefore);
  return {
    ...summarise(latenciesMs),
    refused,
    refusals,
    failed,
    elapsedSeconds,
    cpuUs: cpu.user + cpu.system,
  };
}

const send = (message: LoadMessage) => process.send?.(message);
process.once('message', (input: LoadInput) => {
  void runLoad(input, () => send({ measuring: true })).then((done) => {
    send({ done });
    process.disconnect();
  });
});
