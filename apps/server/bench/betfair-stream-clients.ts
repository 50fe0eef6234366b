/**
 * The subscribers of `bench:betfair-stream`, in a child process of their own so their parsing does not
 * share the server's event loop: `connections` TLS connections, each authenticated and subscribed to
 * one market's best offers. Every market change (`mcm` with `mc`) is timed on the shared clock
 * (performance.timeOrigin + performance.now(), the same in both processes); the times go back to the
 * parent when it asks.
 */
import tls from 'node:tls';

export type StreamClientsInput = {
  port: number;
  appKey: string;
  session: string;
  bfMarketId: string;
  connections: number;
};
export type StreamClientsOutput = { arrivals: number[][] };

const now = () => performance.timeOrigin + performance.now();

function connect(input: StreamClientsInput, arrivals: number[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port: input.port, rejectUnauthorized: false });
    socket.setEncoding('utf8');
    let buffer = '';
    let subscribed = false;
    socket.once('error', reject);
    socket.on('secureConnect', () => {
      socket.write(
        `${JSON.stringify({ op: 'authentication', id: 1, appKey: input.appKey, session: input.session })}\r\n`,
      );
      socket.write(
        `${JSON.stringify({
          op: 'marketSubscription',
          id: 2,
          marketFilter: { marketIds: [input.bfMarketId] },
          marketDataFilter: { fields: ['EX_BEST_OFFERS', 'EX_MARKET_DEF'], ladderLevels: 3 },
        })}\r\n`,
      );
    });
    socket.on('data', (chunk: string) => {
      const at = now();
      buffer += chunk;
      const lines = buffer.split('\r\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const message = JSON.parse(line) as { op: string; ct?: string; mc?: unknown[]; statusCode?: string };
        if (message.op === 'status' && message.statusCode === 'FAILURE') reject(new Error(line));
        if (message.op !== 'mcm') continue;
        if (message.ct === 'SUB_IMAGE' && !subscribed) {
          subscribed = true;
          resolve();
        } else if (message.ct !== 'HEARTBEAT' && message.mc && message.mc.length > 0) arrivals.push(at);
      }
    });
  });
}

process.once('message', async (input: StreamClientsInput) => {
  const arrivals: number[][] = Array.from({ length: input.connections }, () => []);
  // A few at a time: hundreds of TLS handshakes at once only measure the handshakes.
  for (let from = 0; from < input.connections; from += 50) {
    const batch = arrivals.slice(from, from + 50);
    await Promise.all(batch.map((list) => connect(input, list)));
  }
  process.send!({ ready: true });
  process.once('message', () => {
    process.send!({ done: { arrivals } satisfies StreamClientsOutput }, () => process.exit(0));
  });
});
