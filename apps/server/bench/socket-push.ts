import WebSocket from 'ws';
import { balanceTopic } from '../src/modules/wallet/index.ts';
import type { BenchApp } from './bench-app.ts';
import { KeepAliveClient } from '../../../tools/load-clients/http-client.ts';
import { summarise, type LatencySummary } from '../../../tools/load-clients/latency.ts';

export type SocketPushResult = {
  sockets: number;
  changes: number;
  /** Publish (right after commit) → message parsed by the client socket. */
  commitToSocket: LatencySummary;
  /** HTTP request sent → socket message: includes the request, the transaction and the push. */
  requestToSocket: LatencySummary;
  missed: number;
};

async function openSocket(
  port: number,
  player: { id: string; token: string },
  onMessage: (cashMinor: bigint) => void,
) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/balance?userId=${player.id}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const first = new Promise<void>((resolve, reject) => {
    socket.once('message', (data) => {
      const message = JSON.parse(data.toString()) as { money?: number; error?: string };
      if (message.error) reject(new Error(message.error));
      socket.on('message', (next) =>
        onMessage(BigInt(Math.round((JSON.parse(next.toString()) as { money: number }).money * 100))),
      );
      resolve();
    });
  });
  socket.send(JSON.stringify({ token: player.token }));
  await first;
  return socket;
}

/**
 * `socketsPerPlayer` sockets for each player (2,000 in all by default), then `changes` deposits at a
 * bounded concurrency; every socket of the player must receive each new balance.
 */
export async function runSocketPush(
  bench: BenchApp,
  players: readonly { id: string; token: string }[],
  options: { socketsPerPlayer: number; changes: number; concurrency: number },
): Promise<SocketPushResult> {
  const commitToSocketMs: number[] = [];
  const requestToSocketMs: number[] = [];
  const sentAt = new Map<string, number>();
  let received = 0;
  const sockets: WebSocket[] = [];
  for (const player of players) {
    const topic = balanceTopic(player.id);
    const onMessage = (cashMinor: bigint) => {
      const now = performance.now();
      const key = `${topic}|${cashMinor}`;
      const published = bench.bus.publishedAt.get(key);
      const sent = sentAt.get(key);
      if (published !== undefined) commitToSocketMs.push(now - published);
      if (sent !== undefined) requestToSocketMs.push(now - sent);
      received += 1;
    };
    const opened = Array.from({ length: options.socketsPerPlayer }, () =>
      openSocket(bench.port, player, onMessage),
    );
    sockets.push(...(await Promise.all(opened)));
  }
  const client = new KeepAliveClient(bench.port, options.concurrency);
  const headers = { authorization: `Bearer ${bench.operatorToken}` };
  let next = 0;
  const loop = async () => {
    while (next < options.changes) {
      const index = next++;
      const player = players[index % players.length]!;
      const balance = await bench.deps.wallet.balances(player.id);
      const expectedMinor = (balance?.cashMinor ?? 0n) + 100n;
      sentAt.set(`${balanceTopic(player.id)}|${expectedMinor}`, performance.now());
      await client.post(
        `/api/admin/players/${player.id}/deposit`,
        { amount: '1.00', remark: 'push' },
        headers,
      );
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const expected = options.changes * options.socketsPerPlayer;
  const deadline = performance.now() + 5_000;
  while (received < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  client.close();
  for (const socket of sockets) socket.terminate();
  return {
    sockets: sockets.length,
    changes: options.changes,
    commitToSocket: summarise(commitToSocketMs),
    requestToSocket: summarise(requestToSocketMs),
    missed: expected - received,
  };
}
