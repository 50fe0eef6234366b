import type { BenchApp } from './bench-app.ts';
import { KeepAliveClient } from '../../../tools/load-clients/http-client.ts';
import { summarise, type LatencySummary } from '../../../tools/load-clients/latency.ts';

export type TransferLoadResult = LatencySummary & {
  transfersPerSecond: number;
  clients: number;
  seconds: number;
  refused: number;
  failed: number;
};

/**
 * `clients` concurrent loops, each posting deposits and withdrawals (half each, small amounts) to
 * random players through the HTTP API for `seconds`, after a short warm-up that is not counted.
 */
export async function runTransferLoad(
  bench: BenchApp,
  playerIds: readonly string[],
  options: { clients: number; seconds: number; warmupSeconds: number },
): Promise<TransferLoadResult> {
  const client = new KeepAliveClient(bench.port, options.clients);
  const headers = { authorization: `Bearer ${bench.operatorToken}` };
  const latenciesMs: number[] = [];
  let refused = 0;
  let failed = 0;
  let measuring = false;
  let stopAt = performance.now() + options.warmupSeconds * 1000;
  const loop = async (seed: number) => {
    let n = seed;
    while (performance.now() < stopAt) {
      n += 1;
      const playerId = playerIds[(n * 7919) % playerIds.length];
      const kind = n % 2 === 0 ? 'deposit' : 'withdraw';
      const started = performance.now();
      const response = await client.post(
        `/api/admin/players/${playerId}/${kind}`,
        { amount: '1.25', remark: 'bench' },
        headers,
      );
      if (!measuring) continue;
      if (response.status === 200) latenciesMs.push(performance.now() - started);
      else if (response.status === 422) refused += 1;
      else failed += 1;
    }
  };
  const run = async () => Promise.all(Array.from({ length: options.clients }, (_, i) => loop(i * 1000)));
  await run();
  measuring = true;
  const startedAt = performance.now();
  stopAt = startedAt + options.seconds * 1000;
  await run();
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  client.close();
  return {
    ...summarise(latenciesMs),
    transfersPerSecond: Math.round(latenciesMs.length / elapsedSeconds),
    clients: options.clients,
    seconds: Math.round(elapsedSeconds * 10) / 10,
    refused,
    failed,
  };
}
