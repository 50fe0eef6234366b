import type { JsonMessage } from '@backlay/betfair-stream';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';

type Identity = { cert: Buffer; key: Buffer };

/** One connection through the relay: what each side wrote, line by line, as JSON. */
export type RelayedConnection = {
  /** The client's requests (authentication, marketSubscription, heartbeat). */
  readonly requests: JsonMessage[];
  /** The stream's lines passed on to the client, in order. */
  readonly answers: JsonMessage[];
  cut(): void;
};

/** A market change message that carries changes: one the client hands on and a feed counts as a line. */
export const isChange = (message: JsonMessage) => message.op === 'mcm' && message.ct !== 'HEARTBEAT';

/**
 * A TLS relay between a stream client and an Exchange Stream: it ends the client's TLS with `identity`,
 * opens its own to the stream, and passes whole lines both ways, keeping them. So a test sees every
 * line the client was handed, and can cut the connection at a line's boundary (`cut`), as a network
 * drop between two messages does: what was written before reaches the client, nothing after it does.
 */
export class StreamRelay {
  readonly connections: RelayedConnection[] = [];
  readonly #open = new Set<RelayedConnection>();
  #server: tls.Server | undefined;

  constructor(
    private readonly identity: Identity,
    private readonly target: { host: string; port: number },
  ) {}

  async start(): Promise<number> {
    const server = tls.createServer({ ...this.identity, minVersion: 'TLSv1.2' }, (client) =>
      this.#relay(client),
    );
    server.on('tlsClientError', () => {});
    this.#server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    return (server.address() as AddressInfo).port;
  }

  /** Change messages handed to the client, over every connection. */
  get changesPassed(): number {
    return this.connections.reduce((sum, connection) => sum + connection.answers.filter(isChange).length, 0);
  }

  /** Cuts every open connection. */
  cutAll(): void {
    for (const connection of this.#open) connection.cut();
  }

  async stop(): Promise<void> {
    this.cutAll();
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  #relay(client: tls.TLSSocket): void {
    const stream = tls.connect({ ...this.target, rejectUnauthorized: false, minVersion: 'TLSv1.2' });
    let cut = false;
    const connection: RelayedConnection = {
      requests: [],
      answers: [],
      cut: () => {
        if (cut) return;
        cut = true;
        this.#open.delete(connection);
        stream.destroy();
        // Ended, not destroyed: the lines already written still reach the client, then its end.
        client.end();
      },
    };
    this.connections.push(connection);
    this.#open.add(connection);
    const pass = (from: tls.TLSSocket, to: tls.TLSSocket, kept: JsonMessage[]) => {
      let pending = '';
      from.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString('utf8')).split('\r\n');
        pending = lines.pop()!;
        for (const line of lines) {
          if (cut) return;
          kept.push(JSON.parse(line) as JsonMessage);
          to.write(`${line}\r\n`);
        }
      });
    };
    pass(client, stream, connection.requests);
    pass(stream, client, connection.answers);
    stream.on('error', () => connection.cut());
    stream.on('close', () => connection.cut());
    client.on('error', () => connection.cut());
    client.on('close', () => connection.cut());
  }
}

/** One connection to the silent stream: both sides' lines, when it opened and when it last wrote. */
export type SilentConnection = {
  requests: JsonMessage[];
  answers: JsonMessage[];
  openedMs: number;
  lastWriteMs: number;
};

/**
 * An Exchange Stream that answers the authentication and the subscription, sends an empty image that
 * sets `heartbeatMs`, then `beats` heartbeats, and then nothing, keeping the socket open: a stream
 * that hangs. Each connection starts the same way again.
 */
export class SilentStream {
  readonly connections: SilentConnection[] = [];
  readonly #sockets = new Set<tls.TLSSocket>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #server: tls.Server | undefined;
  #clock = 1000;

  constructor(
    private readonly identity: Identity,
    private readonly timing: { heartbeatMs: number; beats: number },
  ) {}

  async start(): Promise<number> {
    const server = tls.createServer({ ...this.identity, minVersion: 'TLSv1.2' }, (socket) =>
      this.#serve(socket),
    );
    server.on('tlsClientError', () => {});
    this.#server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    return (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    for (const socket of this.#sockets) socket.destroy();
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  #serve(socket: tls.TLSSocket): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.on('error', () => {});
    const connection: SilentConnection = {
      requests: [],
      answers: [],
      openedMs: performance.now(),
      lastWriteMs: 0,
    };
    this.connections.push(connection);
    const write = (message: JsonMessage) => {
      if (socket.destroyed) return;
      connection.answers.push(message);
      socket.write(`${JSON.stringify(message)}\r\n`);
      connection.lastWriteMs = performance.now();
    };
    write({ op: 'connection', connectionId: `silent-${this.connections.length}` });
    let pending = '';
    socket.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString('utf8')).split('\r\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const request = JSON.parse(line) as JsonMessage;
        connection.requests.push(request);
        write({ op: 'status', id: request.id, statusCode: 'SUCCESS', connectionClosed: false });
        if (request.op === 'marketSubscription') this.#image(request.id, write);
      }
    });
  }

  /** The image, then the heartbeats, then silence. */
  #image(id: unknown, write: (message: JsonMessage) => void): void {
    const { heartbeatMs, beats } = this.timing;
    const initialClk = String((this.#clock += 1));
    write({
      op: 'mcm',
      id,
      ct: 'SUB_IMAGE',
      initialClk,
      clk: initialClk,
      heartbeatMs,
      pt: Date.now(),
      mc: [],
    });
    let sent = 0;
    const timer = setInterval(() => {
      write({ op: 'mcm', id, ct: 'HEARTBEAT', clk: String((this.#clock += 1)), pt: Date.now() });
      sent += 1;
      if (sent === beats) {
        clearInterval(timer);
        this.#timers.delete(timer);
      }
    }, heartbeatMs);
    this.#timers.add(timer);
  }
}
