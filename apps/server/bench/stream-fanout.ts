import WebSocket from 'ws';
import type { BenchApp } from './bench-app.ts';
import { KeepAliveClient } from './http-client.ts';
import { summarise, type LatencySummary } from './stats.ts';

export type StreamFanoutResult = {
  sockets: number;
  updates: number;
  publishToSocket: LatencySummary;
  missed: number;
};

async function openMarketSocket(port: number, token: string, marketId: string, onSeq: (seq: number) => void) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/stream`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const subscribed = new Promise<void>((resolve, reject) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as {
        ready?: true;
        error?: string;
        seq?: number;
        snapshot?: true;
      };
      if (message.error) reject(new Error(message.error));
      else if (message.ready) socket.send(JSON.stringify({ sub: 'market', id: marketId }));
      else if (message.snapshot) resolve();
      else if (typeof message.seq === 'number') onSeq(message.seq);
    });
  });
  socket.send(JSON.stringify({ token }));
  await subscribed;
  return socket;
}

/**
 * `sockets` stream sockets (five per player) following one market, then `updates` bets that each change
 * its book; every socket should see each new version (a slow one may skip to the latest). Latency is
 * from the publish right after the commit to the message parsed by the client.
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
  streams.publish = (kind, id, update) => {
    if (kind === 'market' && id === market.id) publishedAt.set(update.seq, performance.now());
    return publish(kind, id, update);
  };
  const latenciesMs: number[] = [];
  const sockets: WebSocket[] = [];
  const onSeq = (seq: number) => {
    const at = publishedAt.get(seq);
    if (at !== undefined) latenciesMs.push(performance.now() - at);
  };
  for (let i = 0; i < options.sockets; i += 50) {
    const batch = Array.from({ length: Math.min(50, options.sockets - i) }, (_, j) =>
      openMarketSocket(
        bench.port,
        players[Math.floor((i + j) / 5) % players.length]!.token,
        market.id,
        onSeq,
      ),
    );
    sockets.push(...(await Promise.all(batch)));
  }
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
  for (const socket of sockets) socket.close();
  streams.publish = publish;
  return {
    sockets: sockets.length,
    updates: publishedAt.size,
    publishToSocket: summarise(latenciesMs),
    missed: Math.max(0, publishedAt.size * sockets.length - latenciesMs.length),
  };
}
