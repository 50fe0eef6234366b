import net from 'node:net';
import { Supervised } from '../cluster/supervised.ts';

const REDIS_SERVER = '/usr/bin/redis-server';

/** Resolves once something accepts connections on `port`, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
}

/** A Redis of the run's own on `port`, without persistence, so stopping it disturbs nobody else. */
export function privateRedis(port: number, output: NodeJS.WritableStream | null): Supervised {
  return new Supervised({
    name: 'redis',
    command: [
      REDIS_SERVER,
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    env: process.env,
    output,
  });
}
