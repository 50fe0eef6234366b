import { Duplex } from 'node:stream';
import type { JsonMessage, SocketFactory, SocketTarget } from './options.ts';

/**
 * The server's side of one connection, scripted by a test: it reads what the client sends and
 * writes the lines the test chooses. No network.
 */
export class ScriptedPeer {
  readonly socket: Duplex;
  readonly received: JsonMessage[] = [];
  #destroyed = false;
  #wake: () => void = () => {};

  constructor(readonly target: SocketTarget) {
    let pending = '';
    this.socket = new Duplex({
      read() {},
      write: (chunk: Buffer, _encoding, done) => {
        pending += chunk.toString('utf8');
        const lines = pending.split('\r\n');
        pending = lines.pop()!;
        for (const line of lines) this.received.push(JSON.parse(line) as JsonMessage);
        this.#wake();
        done();
      },
      destroy: (error, done) => {
        this.#destroyed = true;
        this.#wake();
        done(error);
      },
    });
  }

  /** The client dropped the connection. */
  get destroyed(): boolean {
    return this.#destroyed;
  }

  send(message: object): void {
    this.line(JSON.stringify(message));
  }

  line(text: string): void {
    this.socket.push(`${text}\r\n`);
  }

  /** The server ends its side. */
  hangUp(): void {
    this.socket.push(null);
  }

  /** The first message the client sent with this `op` (waits for it). */
  async request(op: string, timeoutMs = 2000): Promise<JsonMessage> {
    await this.until(() => this.received.some((m) => m.op === op), timeoutMs, `no ${op} request`);
    return this.received.find((m) => m.op === op)!;
  }

  async untilDestroyed(timeoutMs = 2000): Promise<void> {
    await this.until(() => this.#destroyed, timeoutMs, 'the client kept the connection');
  }

  /** `connection`, then SUCCESS to the authentication and to the subscription. */
  async accept(): Promise<JsonMessage> {
    this.send({ op: 'connection', connectionId: '002-000000000001-000001' });
    const authentication = await this.request('authentication');
    this.send({ op: 'status', id: authentication.id, statusCode: 'SUCCESS', connectionClosed: false });
    const subscription = await this.request('marketSubscription');
    this.send({ op: 'status', id: subscription.id, statusCode: 'SUCCESS', connectionClosed: false });
    return subscription;
  }

  async until(done: () => boolean, timeoutMs: number, failure: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(failure);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }
}

/** A socket factory whose connections are ScriptedPeers, in the order the client opened them. */
export function scriptedServer() {
  const peers: ScriptedPeer[] = [];
  const connect: SocketFactory = (target) => {
    const peer = new ScriptedPeer(target);
    peers.push(peer);
    return peer.socket;
  };
  return {
    connect,
    peers,
    /** Connection number `index` (0 the first), once the client has opened it. */
    async peer(index: number, timeoutMs = 2000): Promise<ScriptedPeer> {
      const deadline = Date.now() + timeoutMs;
      while (!peers[index]) {
        if (Date.now() > deadline) throw new Error(`no connection ${index}; ${peers.length} opened`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return peers[index];
    },
  };
}
