import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/test-app.ts';
import { tradingKit, type TradingKit } from '../testing/trading-kit.ts';
import { BetfairStreamServer, type StreamServerDeps } from './stream-server.ts';
import { tlsIdentity } from './tls-identity.ts';

export type StreamMessage = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface StreamTestServer {
  ctx: TestContext;
  x: TradingKit;
  server: BetfairStreamServer;
  port: number;
}

/**
 * A test app, its trading kit and a stream server on a free local port, started before a test file's
 * tests and stopped after them; the fields are there once the file's first `beforeAll` has run.
 */
export function streamTestServer(options: Partial<StreamServerDeps> = {}): StreamTestServer {
  const started = {} as StreamTestServer;
  beforeAll(async () => {
    started.ctx = await startTestApp();
    started.x = await tradingKit(started.ctx);
    started.server = new BetfairStreamServer({ ...started.ctx.deps, ...options });
    const identity = await tlsIdentity({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bf-stream-')) });
    started.port = await started.server.start(identity, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await started.server?.stop();
    await started.ctx?.close();
  });
  return started;
}

/**
 * A stream client for tests: sends requests, and waits for the next message that matches. With
 * `allowHalfOpen` it goes on sending after the server has ended its side, as a careless client may.
 */
export async function streamClient(port: number, { allowHalfOpen = false } = {}) {
  // tls.connect hands allowHalfOpen to its socket, though its types leave it out.
  const options: tls.ConnectionOptions & { allowHalfOpen: boolean } = {
    host: '127.0.0.1',
    port,
    rejectUnauthorized: false,
    allowHalfOpen,
  };
  const socket = tls.connect(options);
  await new Promise<void>((resolve, reject) => {
    socket.once('secureConnect', () => resolve());
    socket.once('error', reject);
  });
  socket.setEncoding('utf8');
  const received: StreamMessage[] = [];
  const raw: string[] = [];
  let buffer = '';
  let closed = false;
  let wake: () => void = () => {};
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\r\n');
    buffer = lines.pop()!;
    for (const line of lines) {
      raw.push(line);
      received.push(JSON.parse(line) as StreamMessage);
    }
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  return {
    socket,
    received,
    raw,
    get closed() {
      return closed;
    },
    send(message: object | string) {
      socket.write((typeof message === 'string' ? message : JSON.stringify(message)) + '\r\n');
    },
    /** The first message not yet taken that matches; throws after `timeoutMs`. */
    async next(match: (message: StreamMessage) => boolean, timeoutMs = 5000): Promise<StreamMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex(match);
        if (index >= 0) return received.splice(index, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching message; got ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.min(left, 100));
        });
      }
    },
    async waitClosed(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return closed;
    },
    end: () => socket.destroy(),
  };
}

/** The keys the client's MarketDefinition requires: a definition without one is refused. */
export const REQUIRED_DEFINITION_KEYS = [
  'betDelay',
  'bettingType',
  'bspMarket',
  'bspReconciled',
  'complete',
  'crossMatching',
  'discountAllowed',
  'eventId',
  'eventTypeId',
  'inPlay',
  'marketBaseRate',
  'marketTime',
  'numberOfActiveRunners',
  'numberOfWinners',
  'persistenceEnabled',
  'regulators',
  'runnersVoidable',
  'status',
  'timezone',
  'turnInPlayEnabled',
  'version',
  'runners',
];
/** The only keys the client's MarketDefinitionRunner takes. */
export const RUNNER_DEFINITION_KEYS = [
  'id',
  'sortPriority',
  'status',
  'hc',
  'bsp',
  'adjustmentFactor',
  'removalDate',
  'name',
];
export const UO_KEYS = [
  'id',
  'p',
  's',
  'side',
  'status',
  'pt',
  'ot',
  'pd',
  'avp',
  'sm',
  'sr',
  'sl',
  'sc',
  'sv',
  'rfo',
  'rfs',
];

/** A client past `connection` and a successful `authentication` with the bot's key and session. */
export async function authenticatedClient(port: number, api: Record<string, string>) {
  const client = await streamClient(port);
  const connection = await client.next((m) => m.op === 'connection');
  expect(connection.connectionId).toMatch(/^\d{3}-\d{12}-\d{6}$/);
  client.send({
    op: 'authentication',
    id: 1,
    appKey: api['x-application'],
    session: api['x-authentication'],
  });
  expect(await client.next((m) => m.op === 'status')).toEqual({
    op: 'status',
    id: 1,
    statusCode: 'SUCCESS',
    connectionClosed: false,
    connectionsAvailable: expect.any(Number),
  });
  return client;
}
