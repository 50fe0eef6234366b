import { describe, expect, it } from 'vitest';
import { InProcessBus } from '../../lib/bus.ts';
import { DEFAULT_SOCKET_LIMITS } from './limits.ts';
import { SocketClient, type RawSocket } from './socket-client.ts';

/** A socket whose unread bytes the test sets, and whose writes complete when the test says so. */
function fakeSocket() {
  const sent: string[] = [];
  const callbacks: (() => void)[] = [];
  const socket = {
    readyState: 1,
    bufferedAmount: 0,
    terminated: false,
    closedWith: undefined as number | undefined,
    send(data: string | Buffer, _options: { binary: boolean }, callback?: () => void) {
      sent.push(String(data));
      if (callback) callbacks.push(callback);
    },
    close(code?: number) {
      socket.closedWith = code;
      socket.readyState = 3;
    },
    terminate() {
      socket.terminated = true;
      socket.readyState = 3;
    },
  };
  const drain = () => {
    socket.bufferedAmount = 0;
    callbacks.splice(0).forEach((callback) => callback());
  };
  return { socket: socket satisfies RawSocket, sent, drain };
}

const limits = {
  ...DEFAULT_SOCKET_LIMITS,
  conflateAboveBytes: 1_000,
  maxBufferedBytes: 5_000,
  maxSubscriptionsPerSocket: 2,
};
const session = { userId: 'u1', role: 'player', tokenHash: 'h', expiresAtMs: Date.now() + 60_000 };

function setup() {
  const fake = fakeSocket();
  const counts = { sent: 0, dropped: 0, conflated: 0, terminated: 0, refused: 0 };
  const bus = new InProcessBus();
  const client = new SocketClient(fake.socket, session, bus, limits, {
    sent: () => (counts.sent += 1),
    dropped: () => (counts.dropped += 1),
    conflated: () => (counts.conflated += 1),
    refused: () => (counts.refused += 1),
    terminated: () => (counts.terminated += 1),
  });
  return { ...fake, client, counts, bus };
}

describe('SocketClient sending to a slow reader', () => {
  it('sends at once while the client keeps up', () => {
    const { client, sent, counts } = setup();
    client.send({ price: true, money: 1 }, 'balance');
    client.send({ price: true, money: 2 }, 'balance');
    expect(sent).toEqual(['{"price":true,"money":1}', '{"price":true,"money":2}']);
    expect(counts.sent).toBe(2);
  });

  it('keeps only the latest message per key while the buffer is high, and sends it once it drains', () => {
    const { client, socket, sent, drain, counts } = setup();
    client.send({ money: 1 }, 'balance');
    socket.bufferedAmount = 2_000;
    client.send({ money: 2 }, 'balance');
    client.send({ market: 'm1', back: 3 }, 'market:m1');
    client.send({ money: 3 }, 'balance');
    client.send({ note: 'no key' });
    expect(sent).toEqual(['{"money":1}']);
    expect(counts).toMatchObject({ conflated: 1, dropped: 1 });
    drain();
    expect(sent).toEqual(['{"money":1}', '{"market":"m1","back":3}', '{"money":3}']);
  });

  it('terminates a client beyond the hard cap', () => {
    const { client, socket, counts } = setup();
    socket.bufferedAmount = 5_001;
    client.send({ money: 1 }, 'balance');
    expect(socket.terminated).toBe(true);
    expect(counts.terminated).toBe(1);
  });
});

describe('SocketClient subscriptions', () => {
  it('bounds the topics one socket follows and ends them on close', async () => {
    const { client, bus, sent } = setup();
    expect(client.subscribe('market:1', (m) => client.send(JSON.parse(m)))).toBe(true);
    expect(client.subscribe('market:1', () => {})).toBe(true);
    expect(client.subscribe('market:2', () => {})).toBe(true);
    expect(client.subscribe('market:3', () => {})).toBe(false);
    client.unsubscribe('market:2');
    expect(client.subscribe('market:3', () => {})).toBe(true);
    await bus.publish('market:1', '{"p":1}');
    client.dispose();
    await bus.publish('market:1', '{"p":2}');
    expect(sent).toEqual(['{"p":1}']);
    expect(client.subscriptionCount).toBe(0);
  });

  it('refuses with the error text and a close code', () => {
    const { client, socket, sent, counts } = setup();
    client.refuse('Signed out.', 'revoked');
    expect(sent).toEqual(['{"error":"Signed out."}']);
    expect(socket.closedWith).toBe(1008);
    expect(counts.refused).toBe(1);
  });
});
