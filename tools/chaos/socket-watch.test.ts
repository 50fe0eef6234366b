import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { SocketWatch } from './socket-watch.ts';
import { waitFor } from './wait.ts';

type Frame = Record<string, unknown>;
const servers: WebSocketServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/**
 * A stand-in for `/ws/stream`: answers the token with `ready`, and a market subscription with
 * `frames` in order. Answers its address and the sockets it has.
 */
async function stream(frames: Frame[]): Promise<{ url: string; sockets: WebSocket[] }> {
  const server = new WebSocketServer({ port: 0, path: '/ws/stream' });
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const sockets: WebSocket[] = [];
  server.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Frame;
      if (message.token) socket.send(JSON.stringify({ ready: true }));
      if (message.sub === 'market') for (const frame of frames) socket.send(JSON.stringify(frame));
    });
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sockets };
}

const market = (seq: number, snapshot = false) => ({
  type: 'market',
  seq,
  ...(snapshot ? { snapshot } : {}),
});

/** Follows a market on `first`, kills that socket, and waits for `settled` on the reconnection. */
async function watchThroughKill(balancerFrames: Frame[], settled: (watch: SocketWatch) => boolean) {
  const first = await stream([market(1, true), market(2)]);
  const balancer = await stream(balancerFrames);
  const watch = new SocketWatch({
    firstUrl: first.url,
    balancerUrl: balancer.url,
    token: 't',
    marketId: 'm',
  });
  await watch.start();
  first.sockets[0]!.terminate();
  await waitFor('the reconnected socket to settle', () => settled(watch), 10_000, 50);
  watch.stop();
  return watch.report;
}

describe('SocketWatch', () => {
  it('sees the socket close at the kill, then a fresh snapshot and updates in order through the balancer', async () => {
    const report = await watchThroughKill(
      [market(7, true), market(8), market(9)],
      (watch) => watch.report.updatesAfterSnapshot === 2,
    );
    expect(report.closedAtMs).not.toBeNull();
    expect(report.snapshotAtMs).toBeGreaterThanOrEqual(report.closedAtMs!);
    expect(report.disorder).toEqual([]);
  });

  it('finds an update before the snapshot and a seq that went back', async () => {
    const report = await watchThroughKill(
      [market(3), market(5, true), market(4)],
      (watch) => watch.report.disorder.length === 2,
    );
    expect(report.disorder).toEqual(['an update before the snapshot', 'seq 4 after 5']);
  });
});
