import { Worker } from 'node:worker_threads';
import type { BenchApp } from './bench-app.ts';
import { KeepAliveClient } from '../../../tools/load-clients/http-client.ts';
import { summarise, type LatencySummary } from '../../../tools/load-clients/latency.ts';

export type StreamFanoutResult = {
  sockets: number;
  updates: number;
  publishToSocket: LatencySummary;
  missed: number;
};

/**
 * `sockets` stream sockets (five per player) following one market, then `updates` bets that each change
 * its book; every socket should see each new version (a slow one may skip to the latest). Latency is
 * from the publish right after the commit to the message read by the client; the clients run in a
 * worker thread (fanout-clients.mjs), so their own parsing does not hold up the server being measured.
 */
export async function runStreamFanout(
  bench: BenchApp,
  players: readonly { id: string; token: string }[],
  market: { id: string; runnerId: string },
  options: { sockets: number; updates: number },
): Promise<StreamFanoutResult> {
  const publishedAt = new Map<number, number>();
  const streams = bench.deps.streams;
  const publish = streams.publish.bind(streams);
  // Absolute times, comparable across threads.
  const now = () => performance.timeOrigin + performance.now();
  streams.publish = (kind, id, update) => {
    if (kind === 'market' && id === market.id) publishedAt.set(update.seq, now());
    return publish(kind, id, update);
  };
  const tokens = Array.from(
    { length: options.sockets },
    (_, i) => players[Math.floor(i / 5) % players.length]!.token,
  );
  const clients = new Worker(new URL('./fanout-clients.mjs', import.meta.url), {
    workerData: { port: bench.port, tokens, marketId: market.id },
  });
  const ready = await new Promise<{ ready: number }>((resolve, reject) => {
    clients.once('message', resolve);
    clients.once('error', reject);
  });
  const client = new KeepAliveClient(bench.port, 4);
  for (let n = 0; n < options.updates; n += 1) {
    const player = players[n % players.length]!;
    await client.post(
      '/api/bets',
      {
        marketId: market.id,
        runnerId: market.runnerId,
        side: 'BACK',
        price: 50 + (n % 10) * 5,
        stake: '100',
        clientRef: `fan-${n}-${player.id}`,
      },
      { authorization: `Bearer ${player.token}` },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { received, snapshotSeq } = await new Promise<{
    received: [number, number][];
    snapshotSeq: number;
  }>((resolve) => {
    clients.once('message', resolve);
    clients.postMessage('stop');
  });
  await clients.terminate();
  streams.publish = publish;
  // A publication from before a socket's snapshot (a conflated one flushed late) is in the snapshot.
  for (const seq of publishedAt.keys()) if (seq <= snapshotSeq) publishedAt.delete(seq);
  const latenciesMs: number[] = [];
  for (const [seq, at] of received) {
    const published = publishedAt.get(seq);
    if (published !== undefined) latenciesMs.push(at - published);
  }
  return {
    sockets: ready.ready,
    updates: publishedAt.size,
    publishToSocket: summarise(latenciesMs),
    missed: Math.max(0, publishedAt.size * ready.ready - latenciesMs.length),
  };
}
