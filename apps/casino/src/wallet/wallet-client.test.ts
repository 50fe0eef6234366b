import { createHmac } from 'node:crypto';
import { verifySignature } from '@backlay/contracts/casino-signature';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { httpWallet } from './wallet-client.ts';

const SECRET = 'wallet-secret-for-tests';
let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

type Received = { path: string; raw: string; signature: string | undefined; routingKey: string | undefined };

/** A portal that records what arrives and answers with `reply`. */
async function portal(
  reply: (received: Received, res: ServerResponse) => void,
): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const entry = {
        path: req.url ?? '',
        raw,
        signature: req.headers['x-signature'] as string | undefined,
        routingKey: req.headers['x-routing-key'] as string | undefined,
      };
      received.push(entry);
      reply(entry, res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}`, received };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const bet = {
  token: 'tok',
  timestamp: 1,
  transactionId: 'r-1-bet',
  roundId: 'r-1',
  gameId: '22001',
  amount: '12.50',
};

describe('httpWallet', () => {
  it('posts to /api/wallet/<path> with X-Signature = hex HMAC-SHA256(secret, raw body)', async () => {
    const fake = await portal((_, res) =>
      json(res, 200, { status: 'RS_OK', balance: '987.50', currency: 'PTS' }),
    );
    const wallet = httpWallet({ portalUrl: fake.url, secret: SECRET, timeoutMs: 5000 });
    const outcome = await wallet.send('bet', bet);
    expect(outcome).toEqual({
      kind: 'answer',
      answer: { status: 'RS_OK', balance: '987.50', currency: 'PTS' },
    });
    const [received] = fake.received;
    expect(received!.path).toBe('/api/wallet/bet');
    expect(JSON.parse(received!.raw)).toEqual(bet);
    expect(received!.signature).toBe(createHmac('sha256', SECRET).update(received!.raw).digest('hex'));
    // What the portal checks, with the same function.
    expect(verifySignature(SECRET, received!.raw, received!.signature)).toBe(true);
    expect(verifySignature('another-secret-value', received!.raw, received!.signature)).toBe(false);
    expect(received!.routingKey).toBeUndefined();
  });

  it('sends the launch token’s routing key beside the body, for a balancer that cannot read it', async () => {
    const fake = await portal((_, res) =>
      json(res, 200, { status: 'RS_OK', balance: '1.00', currency: 'PTS' }),
    );
    const wallet = httpWallet({ portalUrl: fake.url, secret: SECRET, timeoutMs: 5000 });
    await wallet.send('bet', { ...bet, token: '9f3a.Zm9yLXRlc3RzLW9ubHktcmFuZG9tLXBhcnQtaGVyZQ' });
    expect(fake.received[0]!.routingKey).toBe('9f3a');
  });

  it('reports a timeout when the portal does not answer in time', async () => {
    const fake = await portal(() => undefined);
    const wallet = httpWallet({ portalUrl: fake.url, secret: SECRET, timeoutMs: 50 });
    const outcome = await wallet.send('bet', bet);
    expect(outcome).toMatchObject({ kind: 'failure', reason: 'timeout' });
    server!.closeAllConnections();
  });

  it('reports HTTP errors, non-JSON and wrongly shaped answers as failures, not answers', async () => {
    const answers = [
      [500, { message: 'boom' }],
      [200, 'not json'],
      [200, { status: 'OK', balance: 12, currency: 'PTS' }],
    ] as const;
    let index = 0;
    const fake = await portal((_, res) => {
      const [status, body] = answers[index++]!;
      json(res, status, body);
    });
    const wallet = httpWallet({ portalUrl: fake.url, secret: SECRET, timeoutMs: 5000 });
    expect(await wallet.send('win', bet)).toMatchObject({ kind: 'failure', reason: 'http' });
    expect(await wallet.send('win', bet)).toMatchObject({ kind: 'failure', reason: 'malformed' });
    expect(await wallet.send('win', bet)).toMatchObject({ kind: 'failure', reason: 'malformed' });
  });

  it('reports an unreachable portal as a network failure', async () => {
    const wallet = httpWallet({ portalUrl: 'http://127.0.0.1:9', secret: SECRET, timeoutMs: 2000 });
    expect(await wallet.send('balance', { token: 'tok', timestamp: 1 })).toMatchObject({
      kind: 'failure',
      reason: 'network',
    });
  });
});
