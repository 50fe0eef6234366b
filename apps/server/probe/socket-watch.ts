import WebSocket from 'ws';
import type { Target } from './http.ts';

/** One client socket and what happened to it, as promises the cases can race against deadlines. */
export type SocketWatch = {
  socket: WebSocket;
  /** true on open; false when the upgrade was refused or the connection failed (see `refusal`). */
  opened: Promise<boolean>;
  refusal(): string | null;
  /** Close code and milliseconds since open (since the attempt when it never opened). */
  closed: Promise<{ code: number; afterOpenMs: number }>;
  messages: string[];
};

export function watchSocket(target: Target, path: string, from: string | undefined): SocketWatch {
  const socket = new WebSocket(`ws://${target.host}:${target.port}${path}`, {
    ...(from ? { localAddress: from } : {}),
    handshakeTimeout: 10_000,
  });
  let startedAt = performance.now();
  let refusal: string | null = null;
  const messages: string[] = [];
  socket.on('message', (data: Buffer) => messages.push(data.toString('utf8')));
  const opened = new Promise<boolean>((resolve) => {
    socket.once('open', () => {
      startedAt = performance.now();
      resolve(true);
    });
    socket.once('unexpected-response', (request, response) => {
      refusal = `HTTP ${response.statusCode}`;
      response.resume();
      request.destroy();
      resolve(false);
    });
    socket.on('error', (error) => {
      refusal ??= error.message;
      resolve(false);
    });
  });
  const closed = new Promise<{ code: number; afterOpenMs: number }>((resolve) =>
    socket.once('close', (code) => resolve({ code, afterOpenMs: performance.now() - startedAt })),
  );
  return { socket, opened, refusal: () => refusal, closed, messages };
}

/** The promise's value, or `fallback` when it has not settled within `ms`. */
export function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** The first message of an authenticated balance socket: `price`, `error: <text>`, or what went wrong. */
export async function firstBalanceAnswer(
  target: Target,
  userId: string,
  token: string,
  from: string | undefined,
): Promise<string> {
  const watch = watchSocket(target, `/ws/balance?userId=${userId}`, from);
  if (!(await watch.opened)) return `refused: ${watch.refusal()}`;
  watch.socket.send(JSON.stringify({ token }));
  const first = await within(
    new Promise<string>((resolve) =>
      watch.socket.once('message', (data: Buffer) => resolve(data.toString())),
    ),
    5_000,
    null,
  );
  watch.socket.terminate();
  if (first === null) return 'no message';
  const message = JSON.parse(first) as { price?: boolean; error?: string };
  return message.price ? 'price' : `error: ${message.error ?? first}`;
}
