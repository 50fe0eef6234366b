import net from 'node:net';

type Reply = { status: number; body: string };
type Pending = { resolve: (reply: Reply) => void; reject: (error: Error) => void };

const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;

/**
 * One keep-alive HTTP/1.1 connection, one request at a time. It parses only what the app answers
 * (a status line and a content-length body), so that the benchmark's players, which share the
 * machine's cores with the app, spend as little CPU as a player on another machine would cost it.
 */
class Connection {
  readonly #socket: net.Socket;
  #received: Buffer = Buffer.alloc(0);
  #pending: Pending | null = null;

  constructor(host: string, port: number, onFree: (connection: Connection) => void) {
    this.#socket = net.connect({ host, port, noDelay: true });
    this.#socket.on('data', (chunk: Buffer) => {
      this.#received = this.#received.length === 0 ? chunk : Buffer.concat([this.#received, chunk]);
      const reply = this.#takeReply();
      if (!reply || !this.#pending) return;
      const { resolve } = this.#pending;
      this.#pending = null;
      onFree(this);
      resolve(reply);
    });
    this.#socket.on('error', (error) => this.#fail(error));
    this.#socket.on('close', () => this.#fail(new Error('connection closed')));
  }

  send(request: string, pending: Pending): void {
    this.#pending = pending;
    this.#socket.write(request);
  }

  close(): void {
    this.#socket.destroy();
  }

  #takeReply(): Reply | null {
    const headEnd = this.#received.indexOf(HEAD_END);
    if (headEnd < 0) return null;
    const head = this.#received.toString('latin1', 0, headEnd);
    const length = Number(CONTENT_LENGTH.exec(head)?.[1] ?? 0);
    const bodyStart = headEnd + HEAD_END.length;
    if (this.#received.length < bodyStart + length) return null;
    const body = this.#received.toString('utf8', bodyStart, bodyStart + length);
    this.#received = this.#received.subarray(bodyStart + length);
    return { status: Number(head.slice(9, 12)), body };
  }

  #fail(error: Error): void {
    const pending = this.#pending;
    this.#pending = null;
    pending?.reject(error);
  }
}

/** A keep-alive HTTP/1.1 client: one pooled connection per concurrent benchmark client. */
export class KeepAliveClient {
  readonly #free: Connection[] = [];
  readonly #all: Connection[] = [];
  readonly #queued: { request: string; pending: Pending }[] = [];

  constructor(
    readonly port: number,
    private readonly connections: number,
    /** Another machine's address, e.g. a load balancer's; this machine by default. */
    readonly host = '127.0.0.1',
  ) {}

  post(path: string, body: unknown, headers: Record<string, string>): Promise<Reply> {
    const payload = JSON.stringify(body);
    let head = `POST ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\ncontent-type: application/json\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    const request = `${head}content-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;
    return new Promise((resolve, reject) => {
      const pending = { resolve, reject };
      const connection = this.#free.pop() ?? this.#open();
      if (connection) connection.send(request, pending);
      else this.#queued.push({ request, pending });
    });
  }

  close(): void {
    for (const connection of this.#all) connection.close();
  }

  #open(): Connection | undefined {
    if (this.#all.length >= this.connections) return undefined;
    const connection = new Connection(this.host, this.port, (free) => this.#release(free));
    this.#all.push(connection);
    return connection;
  }

  #release(connection: Connection): void {
    const next = this.#queued.shift();
    if (next) connection.send(next.request, next.pending);
    else this.#free.push(connection);
  }
}
