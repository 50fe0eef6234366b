import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/test-app.ts';
import { tradingKit } from '../testing/trading-kit.ts';
import { MAX_LINE_CHARS } from './protocol.ts';
import { BetfairStreamServer } from './stream-server.ts';
import { authenticatedClient, streamClient } from './stream-test-client.ts';
import { tlsIdentity } from './tls-identity.ts';

const FLOOD_BYTES = 50 * 1024 * 1024;
const FLOOD_CHUNK = Buffer.alloc(64 * 1024, 'x');
/** Past this the flood is given up: a server that still reads it has stalled anyway. */
const FLOOD_DEADLINE_MS = 20_000;
/** /healthz is asked at least this long, so a server that stops reading is watched for a while too. */
const PROBE_MIN_MS = 1_000;
const HEALTHZ_LIMIT_MS = 50;
/**
 * The slowest /healthz allowed during the flood: 50 ms, or on a machine too busy to answer in 50 ms at
 * rest, twice its slowest answer at rest; either way a stall of the flood's own fails.
 */
const healthzLimitMs = (baselineMs: readonly number[]) =>
  Math.max(HEALTHZ_LIMIT_MS, 2 * Math.max(...baselineMs));
/**
 * The answer nine in ten /healthz requests beat: a stall of the flood's own holds up every request made
 * while it lasts, where a busy machine's scheduler or a collection holds up one now and then.
 */
const ninetiethMs = (latenciesMs: readonly number[]) =>
  [...latenciesMs].sort((a, b) => a - b)[Math.floor(latenciesMs.length * 0.9)] ?? Infinity;

let ctx: TestContext;
let server: BetfairStreamServer;
let port: number;
let healthzUrl: string;

beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  healthzUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/healthz`;
  server = new BetfairStreamServer(ctx.deps);
  const identity = await tlsIdentity({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bf-stream-')) });
  port = await server.start(identity, 0, '127.0.0.1');
  // The first requests open the HTTP connection and the database's probe: not what is measured here.
  await probeHealthz((latenciesMs) => latenciesMs.length >= 3);
});
afterAll(async () => {
  await server.stop();
  await ctx.close();
});

/** One unending line, as fast as the socket takes it, until `bytes`, the socket's end or the deadline. */
async function flood(socket: TLSSocket, bytes: number): Promise<number> {
  const deadlineMs = Date.now() + FLOOD_DEADLINE_MS;
  let written = 0;
  while (written < bytes && !socket.destroyed && Date.now() < deadlineMs) {
    written += FLOOD_CHUNK.length;
    if (socket.write(FLOOD_CHUNK)) continue;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        socket.off('drain', done).off('close', done);
        resolve();
      };
      const timer = setTimeout(done, 100);
      socket.once('drain', done).once('close', done);
    });
  }
  return written;
}

/** /healthz latencies over real HTTP, one request at a time, until `done` says so. */
async function probeHealthz(done: (latenciesMs: readonly number[]) => boolean): Promise<number[]> {
  const latenciesMs: number[] = [];
  while (!done(latenciesMs)) {
    const startedMs = performance.now();
    const response = await fetch(healthzUrl);
    await response.text();
    expect(response.status).toBe(200);
    latenciesMs.push(performance.now() - startedMs);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latenciesMs;
}

describe('the Exchange Stream API under a flood after a refusal', () => {
  const refusals: [string, string, string][] = [
    ['a line that is too long', 'x'.repeat(MAX_LINE_CHARS + 1), 'INVALID_INPUT'],
    ['a request before authentication', '{"op":"heartbeat","id":3}', 'NOT_AUTHORIZED'],
  ];
  it.each(refusals)(
    'stops reading after %s: 50 MB more leave /healthz fast',
    // A busy machine may hold up one request by itself; a server that reads the flood fails every try.
    { timeout: 60_000, retry: 2 },
    async (_, line, errorCode) => {
      const baselineMs = await probeHealthz((latenciesMs) => latenciesMs.length >= 5);

      // A client that goes on sending after the server has ended its side, never authenticated.
      const client = await streamClient(port, { allowHalfOpen: true });
      client.socket.on('error', () => {});
      await client.next((m) => m.op === 'connection');
      client.send(line);
      expect(await client.next((m) => m.op === 'status')).toMatchObject({
        statusCode: 'FAILURE',
        errorCode,
        connectionClosed: true,
      });

      const startedMs = Date.now();
      let flooding = true;
      const [writtenBytes, latenciesMs] = await Promise.all([
        flood(client.socket, FLOOD_BYTES).finally(() => (flooding = false)),
        probeHealthz(() => !flooding && Date.now() - startedMs >= PROBE_MIN_MS),
      ]);
      expect(latenciesMs.length).toBeGreaterThan(5);
      expect(ninetiethMs(latenciesMs)).toBeLessThan(healthzLimitMs(baselineMs));
      // The server ended the connection instead of taking the flood in.
      expect(client.closed).toBe(true);
      expect(writtenBytes).toBeLessThan(FLOOD_BYTES);
      await vi.waitFor(() => expect(server.connections).toBe(0));
    },
  );
});

describe('orderSubscription', () => {
  it('refuses a non-object orderFilter and clocks the stream never sent, keeping the connection', async () => {
    const bot = await (await tradingKit(ctx)).bot();
    const client = await authenticatedClient(port, bot.api);
    const filter = 'orderFilter must be an object.';
    const clock = (name: string) => `${name} must be a clock this stream sent.`;
    const refused: [Record<string, unknown>, string][] = [
      [{ orderFilter: 'all' }, filter],
      [{ orderFilter: [] }, filter],
      [{ orderFilter: 7 }, filter],
      [{ initialClk: 'AAAAAAAA' }, clock('initialClk')],
      [{ initialClk: 1_700_000_000_000 }, clock('initialClk')],
      [{ clk: '' }, clock('clk')],
      [{ clk: '0012' }, clock('clk')],
      [{ clk: '12.5' }, clock('clk')],
      [{ clk: '99999999999999999' }, clock('clk')],
      [{ clk: {} }, clock('clk')],
    ];
    for (const [n, [fields, errorMessage]] of refused.entries()) {
      const id = 10 + n;
      client.send({ op: 'orderSubscription', id, ...fields });
      expect(await client.next((m) => m.id === id)).toEqual({
        op: 'status',
        id,
        statusCode: 'FAILURE',
        errorCode: 'INVALID_INPUT',
        errorMessage,
        connectionClosed: false,
      });
    }

    client.send({ op: 'orderSubscription', id: 30, orderFilter: null, initialClk: null, clk: null });
    expect(await client.next((m) => m.id === 30 && m.op === 'status')).toMatchObject({
      statusCode: 'SUCCESS',
    });
    const image = await client.next((m) => m.op === 'ocm' && m.ct === 'SUB_IMAGE');
    expect(image.clk).toMatch(/^[1-9][0-9]*$/);
    const { initialClk, clk } = image;
    client.send({ op: 'orderSubscription', id: 31, orderFilter: {}, initialClk, clk });
    expect(await client.next((m) => m.id === 31 && m.op === 'status')).toMatchObject({
      statusCode: 'SUCCESS',
    });
    client.end();
  });
});
