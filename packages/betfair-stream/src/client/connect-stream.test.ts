import { afterEach, describe, expect, it } from 'vitest';
import { connectStream } from './connect-stream.ts';
import type { JsonMessage, StreamConnection, StreamOptions, StreamStatus } from './options.ts';
import { scriptedServer } from './scripted-peer.ts';

const FILTER = { marketIds: ['1.101'] };
const DATA_FILTER = { fields: ['EX_BEST_OFFERS', 'EX_MARKET_DEF'], ladderLevels: 3 };

let open: StreamConnection | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** A client on a scripted server, recording what it hands on and every status. */
function start(more: Partial<StreamOptions> = {}) {
  const server = scriptedServer();
  const messages: JsonMessage[] = [];
  const statuses: StreamStatus[] = [];
  const connection = connectStream({
    host: 'stream.test',
    port: 443,
    appKey: 'key-1',
    session: 'session-1',
    marketFilter: FILTER,
    marketDataFilter: DATA_FILTER,
    heartbeatMs: 500,
    reconnect: { initialDelayMs: 10, maxDelayMs: 40 },
    onMessage: (message) => void messages.push(message),
    onStatus: (status) => void statuses.push(status),
    connect: server.connect,
    ...more,
  });
  open = connection;
  return { server, messages, statuses, connection };
}

const image = (clk: string, mc: object[] = [{ id: '1.101', img: true, rc: [] }]) => ({
  op: 'mcm',
  id: 2,
  ct: 'SUB_IMAGE',
  heartbeatMs: 500,
  conflateMs: 0,
  initialClk: `i${clk}`,
  clk,
  pt: 1,
  mc,
});
const delta = (clk: string, atb: number[][]) => ({
  op: 'mcm',
  id: 2,
  clk,
  pt: 2,
  mc: [{ id: '1.101', rc: [{ id: 7, atb }] }],
});
const refusal = (id: number, errorCode: string) => ({
  op: 'status',
  id,
  statusCode: 'FAILURE',
  errorCode,
  errorMessage: `${errorCode} said`,
  connectionClosed: true,
});

async function until(done: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('connectStream on a scripted server', () => {
  it('authenticates after `connection`, then subscribes with the filters, timing and clocks', async () => {
    const { server, statuses, messages } = start({ conflateMs: 250, initialClk: 'i0', clk: 'c0' });
    const peer = await server.peer(0);
    expect(peer.target).toEqual({ host: 'stream.test', port: 443, tls: {} });
    expect(peer.received).toEqual([]);
    const subscription = await peer.accept();
    expect(peer.received[0]).toEqual({ op: 'authentication', id: 1, appKey: 'key-1', session: 'session-1' });
    expect(subscription).toEqual({
      op: 'marketSubscription',
      id: 2,
      marketFilter: FILTER,
      marketDataFilter: DATA_FILTER,
      conflateMs: 250,
      heartbeatMs: 500,
      segmentationEnabled: true,
      initialClk: 'i0',
      clk: 'c0',
    });
    peer.send(image('c1'));
    await until(() => messages.length === 1);
    expect(messages[0]).toEqual(image('c1'));
    expect(statuses.map((s) => s.state)).toEqual(['connecting', 'connected', 'subscribed']);
  });

  it('hands on a segmented image once, joined, after SEG_END; then the deltas in order', async () => {
    const { server, messages, connection } = start();
    const peer = await server.peer(0);
    await peer.accept();
    const part = (segmentType: string, mc: object[], clocks = {}) => ({
      op: 'mcm',
      id: 2,
      ct: 'SUB_IMAGE',
      segmentType,
      pt: 5,
      mc,
      ...clocks,
    });
    peer.send(part('SEG_START', [{ id: '1.1', img: true }]));
    peer.send(part('SEG', [{ id: '1.2', img: true }]));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(messages).toEqual([]);
    expect(connection.clk).toEqual({ initialClk: undefined, clk: undefined });
    peer.send(part('SEG_END', [{ id: '1.3', img: true }], { initialClk: 'i9', clk: 'c9' }));
    peer.send(delta('c10', [[2, 5]]));
    await until(() => messages.length === 2);
    expect(messages[0]).toEqual({
      op: 'mcm',
      id: 2,
      ct: 'SUB_IMAGE',
      pt: 5,
      initialClk: 'i9',
      clk: 'c9',
      mc: [
        { id: '1.1', img: true },
        { id: '1.2', img: true },
        { id: '1.3', img: true },
      ],
    });
    expect(messages[1]).toEqual(delta('c10', [[2, 5]]));
    expect(connection.clk).toEqual({ initialClk: 'i9', clk: 'c10' });
  });

  it('reconnects after three heartbeats of silence and resubscribes from the last clocks', async () => {
    const { server, statuses, messages } = start({ heartbeatMs: 50 });
    const first = await server.peer(0);
    await first.accept();
    first.send({ ...image('c1'), heartbeatMs: 50 });
    first.send(delta('c2', [[3, 1]]));
    first.send({ op: 'mcm', id: 2, ct: 'HEARTBEAT', clk: 'c3', pt: 3 });
    await first.untilDestroyed();
    expect(statuses).toContainEqual({
      state: 'reconnecting',
      detail: 'nothing arrived for 150 ms; reconnecting in 10 ms',
    });
    const second = await server.peer(1);
    const resubscription = await second.accept();
    expect(resubscription).toMatchObject({ initialClk: 'ic1', clk: 'c3' });
    // The heartbeat is not handed on; the resumed stream's delta is.
    second.send({ ...delta('c4', [[3, 0]]), ct: 'RESUB_DELTA', initialClk: 'ic1' });
    await until(() => messages.length === 3);
    expect(messages.map((m) => m.clk)).toEqual(['c1', 'c2', 'c4']);
  });

  it.each(['NO_APP_KEY', 'INVALID_SESSION_INFORMATION', 'NOT_AUTHORIZED'])(
    'fails for good when authentication is refused %s, without a login',
    async (errorCode) => {
      const { server, statuses } = start();
      const peer = await server.peer(0);
      peer.send({ op: 'connection', connectionId: '1' });
      const authentication = await peer.request('authentication');
      peer.send(refusal(authentication.id as number, errorCode));
      await until(() => statuses.some((s) => s.state === 'failed'));
      expect(statuses.at(-1)).toEqual({ state: 'failed', detail: `${errorCode}: ${errorCode} said` });
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(server.peers).toHaveLength(1);
      expect(peer.destroyed).toBe(true);
    },
  );

  it('reconnects after a line that is not JSON, counting each failure in a doubling, capped delay', async () => {
    const { server, statuses, messages } = start();
    for (let index = 0; index < 4; index++) {
      const peer = await server.peer(index);
      await peer.accept();
      if (index === 0) peer.send(image('c1'));
      peer.line(index % 2 === 0 ? '{not json' : '[1,2]');
      await peer.untilDestroyed();
    }
    // Subscribing resets the count: each of these failed after its subscription.
    const reconnects = () => statuses.filter((s) => s.state === 'reconnecting');
    await until(() => reconnects().length === 4);
    expect(reconnects()[0]!.detail).toBe('a line that is not a JSON object; reconnecting in 10 ms');
    const fifth = await server.peer(4);
    fifth.send({ op: 'connection' });
    fifth.hangUp();
    const sixth = await server.peer(5);
    sixth.hangUp();
    const seventh = await server.peer(6);
    seventh.hangUp();
    await server.peer(7);
    const delays = reconnects().map((s) => /in (\d+) ms/.exec(s.detail!)![1]);
    expect(delays).toEqual(['10', '10', '10', '10', '20', '40', '40']);
    expect(messages).toHaveLength(1);
  });

  it('drops a line longer than 16 MiB and reconnects', async () => {
    const { server, statuses } = start();
    const peer = await server.peer(0);
    await peer.accept();
    peer.socket.push(Buffer.alloc(16 * 1024 * 1024 + 1, 0x20));
    await peer.untilDestroyed();
    expect(statuses.at(-1)!.detail).toBe('a line passed 16777216 bytes; reconnecting in 10 ms');
    await server.peer(1);
  });

  it('reconnects from the clocks before a message whose handling failed', async () => {
    let failOnce = true;
    const handled: string[] = [];
    const { server, statuses } = start({
      onMessage: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (message.clk === 'c2' && failOnce) {
          failOnce = false;
          throw new Error('disk full');
        }
        handled.push(message.clk as string);
      },
    });
    const first = await server.peer(0);
    await first.accept();
    first.send(image('c1'));
    first.send(delta('c2', [[2, 1]]));
    first.send(delta('c3', [[2, 2]]));
    const second = await server.peer(1);
    expect(statuses).toContainEqual({
      state: 'reconnecting',
      detail: 'onMessage failed: disk full; reconnecting in 10 ms',
    });
    expect(await second.accept()).toMatchObject({ initialClk: 'ic1', clk: 'c1' });
    second.send({ ...delta('c2', [[2, 1]]), ct: 'RESUB_DELTA', initialClk: 'ic1' });
    await until(() => handled.length === 2);
    expect(handled).toEqual(['c1', 'c2']);
  });

  it('subscribes afresh when the stream refuses the clocks (INVALID_CLOCK)', async () => {
    const { server } = start({ initialClk: 'old', clk: 'older' });
    const first = await server.peer(0);
    first.send({ op: 'connection' });
    await first.request('authentication');
    first.send({ op: 'status', id: 1, statusCode: 'SUCCESS' });
    await first.request('marketSubscription');
    first.send(refusal(2, 'INVALID_CLOCK'));
    const second = await server.peer(1);
    const subscription = await second.accept();
    expect(subscription.initialClk).toBeUndefined();
    expect(subscription.clk).toBeUndefined();
  });

  it('counts no silence while the caller still handles a message, and hands messages on one at a time', async () => {
    let handling = 0;
    const overlaps: number[] = [];
    const handled: string[] = [];
    const { server, statuses } = start({
      heartbeatMs: 20,
      onMessage: async (message) => {
        overlaps.push(++handling);
        await new Promise((resolve) => setTimeout(resolve, 100));
        handled.push(message.clk as string);
        handling -= 1;
      },
    });
    const peer = await server.peer(0);
    await peer.accept();
    peer.send({ ...image('c1'), heartbeatMs: 20 });
    peer.send(delta('c2', [[2, 1]]));
    await until(() => handled.length === 2);
    expect(handled).toEqual(['c1', 'c2']);
    expect(overlaps).toEqual([1, 1]);
    expect(statuses.some((s) => s.state === 'reconnecting')).toBe(false);
    // Once the caller is done, silence counts again.
    await peer.untilDestroyed();
  });

  it('close() ends the connection and opens no other', async () => {
    const { server, connection, statuses } = start();
    const peer = await server.peer(0);
    await peer.accept();
    await connection.close();
    open = undefined;
    expect(peer.destroyed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(server.peers).toHaveLength(1);
    expect(statuses.map((s) => s.state)).toEqual(['connecting', 'connected', 'subscribed']);
  });
});
