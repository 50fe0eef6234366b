import WebSocket from 'ws';

/** A test socket client that records every message and the close. */
export type SocketProbe = {
  socket: WebSocket;
  messages: Record<string, unknown>[];
  closed: Promise<number>;
  next(): Promise<Record<string, unknown>>;
};

export function openProbe(baseUrl: string, userId: string): Promise<SocketProbe> {
  return openSocketProbe(`${baseUrl}/ws/balance?userId=${encodeURIComponent(userId)}`);
}

/** A probe on any socket URL; `autoPong: false` plays a peer that has gone away without a close. */
export async function openSocketProbe(
  url: string,
  options: WebSocket.ClientOptions = {},
): Promise<SocketProbe> {
  const socket = new WebSocket(url, options);
  const messages: Record<string, unknown>[] = [];
  const waiters: ((message: Record<string, unknown>) => void)[] = [];
  let read = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    messages.push(message);
    waiters.shift()?.(message);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = () => {
    const index = read++;
    const ready = messages[index];
    if (ready) return Promise.resolve(ready);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no message #${index} within 5 s`)), 5_000);
      waiters.push((message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  };
  return { socket, messages, closed, next };
}
