import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamSocket, streamSocketUrl, type SocketLike, type TopicMessage } from './stream-socket.ts';

class FakeSocket implements SocketLike {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly sent: unknown[] = [];
  closed = false;

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
  /** The server side of the exchange. */
  open(): void {
    this.onopen?.();
  }
  push(body: unknown): void {
    this.onmessage?.({ data: JSON.stringify(body) });
  }
  drop(): void {
    this.close();
  }
}

/** 1 s doubling, as the player site reconnects. */
const doubling = (failures: number) => 1_000 * 2 ** (failures - 1);

function setup(idleCloseMs = 1_000, renewMs?: number) {
  const sockets: FakeSocket[] = [];
  const client = new StreamSocket({
    url: 'ws://portal.test/ws/stream',
    token: 'tok',
    reconnectDelayMs: doubling,
    idleCloseMs,
    renewMs,
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  });
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  const readyUp = () => {
    last().open();
    last().push({ ready: true });
  };
  return { client, sockets, last, readyUp };
}

const market = (seq: number, snapshot = false) => ({
  kind: 'market',
  id: 'm/1',
  seq,
  ...(snapshot ? { snapshot: true } : {}),
  data: { version: seq },
});

describe('stream socket client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the token first and subscribes once the server is ready', () => {
    const { client, last } = setup();
    client.subscribe('market', 'm/1', { onData: () => undefined });
    expect(client.status).toBe('connecting');
    last().open();
    expect(last().sent).toEqual([{ token: 'tok' }]);
    last().push({ ready: true });
    expect(client.status).toBe('ready');
    expect(last().sent).toEqual([{ token: 'tok' }, { sub: 'market', id: 'm/1' }]);
  });

  it('shares one server subscription between listeners and gives a late listener the latest state', () => {
    const { client, last, readyUp } = setup();
    const first: TopicMessage[] = [];
    const second: TopicMessage[] = [];
    const stopFirst = client.subscribe('market', 'm/1', { onData: (m) => first.push(m) });
    readyUp();
    last().push(market(4, true));
    const stopSecond = client.subscribe('market', 'm/1', { onData: (m) => second.push(m) });
    expect(second).toEqual([{ seq: 4, snapshot: true, data: { version: 4 } }]);
    expect(last().sent.filter((body) => (body as { sub?: string }).sub)).toHaveLength(1);
    stopFirst();
    expect(last().sent).not.toContainEqual({ unsub: 'market', id: 'm/1' });
    stopSecond();
    expect(last().sent).toContainEqual({ unsub: 'market', id: 'm/1' });
  });

  it('never applies a change older than the state shown; a snapshot always replaces it', () => {
    const { client, last, readyUp } = setup();
    const seen: number[] = [];
    client.subscribe('market', 'm/1', { onData: (m) => seen.push(m.seq) });
    readyUp();
    last().push(market(5, true));
    last().push(market(7));
    last().push(market(6));
    last().push(market(7));
    last().push(market(3, true));
    last().push(market(4));
    expect(seen).toEqual([5, 7, 3, 4]);
  });

  it('ignores other topics, unreadable frames and frames of unknown shape', () => {
    const { client, last, readyUp } = setup();
    const seen: number[] = [];
    client.subscribe('market', 'm/1', { onData: (m) => seen.push(m.seq) });
    readyUp();
    last().onmessage?.({ data: 'not json' });
    last().push({ kind: 'market', id: 'm/2', seq: 1, data: {} });
    last().push({ hello: 'world' });
    expect(seen).toEqual([]);
  });

  it('reports a refused subscription to its listeners only', () => {
    const { client, last, readyUp } = setup();
    const errors: string[] = [];
    client.subscribe('market', 'm/1', {
      onData: () => undefined,
      onError: (e) => errors.push(`1:${e.code}`),
    });
    client.subscribe('score', 'e1', { onData: () => undefined, onError: (e) => errors.push(`2:${e.code}`) });
    readyUp();
    last().push({ error: 'No such market', code: 'NOT_FOUND', kind: 'market', id: 'm/1' });
    expect(errors).toEqual(['1:NOT_FOUND']);
  });

  it('reconnects with backoff after a drop and subscribes again for a fresh snapshot', () => {
    const { client, sockets, last, readyUp } = setup();
    client.subscribe('market', 'm/1', { onData: () => undefined });
    readyUp();
    last().drop();
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    readyUp();
    expect(last().sent).toEqual([{ token: 'tok' }, { sub: 'market', id: 'm/1' }]);
    last().drop();
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(3);
    last().drop();
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(4);
  });

  it('stays closed after the server refuses the socket itself', () => {
    const { client, sockets, last } = setup();
    const errors: (string | null)[] = [];
    client.subscribe('bet', 'u1', { onData: () => undefined, onError: (e) => errors.push(e.message) });
    last().open();
    last().push({ error: 'Invalid token' });
    last().drop();
    vi.advanceTimersByTime(60_000);
    expect(client.status).toBe('refused');
    expect(sockets).toHaveLength(1);
    expect(errors).toEqual(['Invalid token']);
  });

  it('closes an idle socket and opens a new one for the next topic', () => {
    const { client, sockets, last, readyUp } = setup(1_000);
    const stop = client.subscribe('market', 'm/1', { onData: () => undefined });
    readyUp();
    stop();
    vi.advanceTimersByTime(500);
    client.subscribe('market', 'm/2', { onData: () => undefined })();
    vi.advanceTimersByTime(999);
    expect(last().closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(last().closed).toBe(true);
    expect(client.status).toBe('idle');
    client.subscribe('score', 'e1', { onData: () => undefined });
    expect(sockets).toHaveLength(2);
  });

  it('tells status listeners every change, the current status first', () => {
    const { client, last, readyUp } = setup();
    const seen: string[] = [];
    const stop = client.onStatus((status) => seen.push(status));
    client.subscribe('admin-bets', undefined, { onData: () => undefined });
    readyUp();
    last().drop();
    stop();
    readyUp();
    expect(seen).toEqual(['idle', 'connecting', 'ready', 'reconnecting']);
  });

  it('asks for every topic again each renewal while connected, and stops when the socket drops', () => {
    const { client, last, readyUp } = setup(1_000, 60_000);
    const seen: TopicMessage[] = [];
    client.subscribe('admin-bets', undefined, { onData: (m) => seen.push(m) });
    readyUp();
    last().push({ type: 'admin-bets', kind: 'admin-bets', seq: 7, snapshot: true, data: { bets: [] } });
    expect(seen).toEqual([{ seq: 7, snapshot: true, data: { bets: [] } }]);
    vi.advanceTimersByTime(60_000);
    expect(last().sent).toEqual([
      { token: 'tok' },
      { sub: 'admin-bets' },
      { unsub: 'admin-bets' },
      { sub: 'admin-bets' },
    ]);
    const socket = last();
    socket.drop();
    vi.advanceTimersByTime(120_000);
    expect(socket.sent).toHaveLength(4);
  });

  it('builds the socket address from the page location', () => {
    expect(streamSocketUrl({ protocol: 'https:', host: 'portal.test' })).toBe('wss://portal.test/ws/stream');
    expect(streamSocketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/ws/stream',
    );
    // The routing key, never the token: the balancer keeps the socket with the player's requests.
    expect(streamSocketUrl({ protocol: 'https:', host: 'portal.test' }, 'ab12.secret')).toBe(
      'wss://portal.test/ws/stream?routing_key=ab12',
    );
  });
});
