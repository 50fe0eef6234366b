import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpAggregator } from './aggregator.ts';

/** A stand-in aggregator whose answer each test chooses; it records what the portal sent. */
type Seen = { method?: string; url?: string; authorization?: string; contentType?: string; body: string };
let answer: (response: http.ServerResponse) => void = (response) => response.end();
const seen: Seen[] = [];
const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    seen.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: Buffer.concat(chunks).toString(),
    });
    answer(response);
  });
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const REQUEST = {
  token: 'launch-token',
  gameId: 22001,
  playerId: 'BLPLAYER01',
  playerName: 'Demo',
  currency: 'PTS' as const,
  homeUrl: 'http://portal.test/#/home',
};
const aggregator = (timeoutMs = 2_000) =>
  httpAggregator({ baseUrl, operatorKey: 'operator-key-for-tests', timeoutMs });
const json = (status: number, body: unknown) => (response: http.ServerResponse) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('the HTTP aggregator', () => {
  it('posts the launch with the operator key and answers the url', async () => {
    answer = json(200, { url: 'http://127.0.0.1:8081/play/22001?token=launch-token' });
    const result = await aggregator().launch(REQUEST);
    expect(result).toEqual({
      ok: true,
      value: { url: 'http://127.0.0.1:8081/play/22001?token=launch-token' },
    });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/operator/launch',
      authorization: 'Bearer operator-key-for-tests',
      contentType: 'application/json',
      body: JSON.stringify(REQUEST),
    });
  });

  it.each([
    ['an error status', json(500, { url: 'http://x.test/' })],
    ['a refusal', json(401, { message: 'bad key' })],
    ['a body that is not JSON', (response: http.ServerResponse) => response.end('<html>')],
    ['no url', json(200, { link: 'http://x.test/' })],
    ['a url that is not a web page', json(200, { url: 'javascript:alert(1)' })],
  ])('answers CASINO_UNAVAILABLE for %s', async (_name, respond) => {
    answer = respond;
    const result = await aggregator().launch(REQUEST);
    expect(result).toMatchObject({ ok: false, kind: 'unavailable', code: 'CASINO_UNAVAILABLE' });
  });

  it('gives up after its timeout', async () => {
    answer = () => {}; // never answers
    const result = await aggregator(100).launch(REQUEST);
    expect(result).toMatchObject({ ok: false, code: 'CASINO_UNAVAILABLE' });
    expect(!result.ok && result.message).toContain('no answer in time');
  });

  it('answers CASINO_UNAVAILABLE when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = httpAggregator({
      baseUrl: `http://127.0.0.1:${port}`,
      operatorKey: 'k'.repeat(16),
      timeoutMs: 2_000,
    });
    const result = await unreachable.launch(REQUEST);
    expect(result).toMatchObject({ ok: false, code: 'CASINO_UNAVAILABLE' });
    expect(!result.ok && result.message).toContain('unreachable');
  });
});
