import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRoutingKey } from '@backlay/contracts';
import { newToken } from '../../apps/server/src/modules/auth/index.ts';
import { freePort } from '../portal-process.ts';
import { haproxyConfig } from './haproxy-config.ts';
import { Supervised, waitForHealthy } from './supervised.ts';

/**
 * The balancer of `npm run cluster` in front of three stand-in instances that answer only their own
 * name: every kind of request a player makes, each with its own token, reaches one instance.
 */
const HAPROXY = '/usr/sbin/haproxy';
const NAMES = ['portal-1', 'portal-2', 'portal-3'];
const PLAYERS = 60;

/** A player's tokens, each minted on its own as the portal mints them. */
type Player = { session: string; launch: string; betfair: string };
function newPlayer(): Player {
  const id = randomUUID();
  return { session: newToken(id), launch: newToken(id), betfair: newToken(id) };
}

/** An instance: its name for every request, and in its answer to a socket's upgrade. */
function standIn(name: string): Server {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(name));
  });
  // HAProxy checks a WebSocket handshake both ways (RFC 6455 key and accept).
  server.on('upgrade', (req, socket) => {
    const accept = createHash('sha1')
      .update(`${String(req.headers['sec-websocket-key'])}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    const head = ['HTTP/1.1 101 Switching Protocols', 'Upgrade: websocket', 'Connection: Upgrade'];
    socket.end([...head, `Sec-WebSocket-Accept: ${accept}`, `X-Instance: ${name}`, '', ''].join('\r\n'));
  });
  return server;
}

let port = 0;
const servers = new Map<string, Server>();
const dir = mkdtempSync(join(tmpdir(), 'affinity-'));
let balancer: Supervised | undefined;

/** Which instance answered. */
function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<string>((resolve, reject) => {
    const req = request({
      agent: false,
      host: '127.0.0.1',
      port,
      path,
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(text) : reject(new Error(`${path}: HTTP ${res.statusCode}`)),
      );
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(String(res.headers['x-instance']));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const bearer = (player: Player) =>
  send('/api/me', { headers: { authorization: `Bearer ${player.session}` } });
const callback = (player: Player) =>
  send('/api/wallet/bet', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': 'ab' },
    body: JSON.stringify({ token: player.launch, timestamp: 1, transactionId: 't', amount: '1.00' }),
  });
const socket = (player: Player) =>
  // As the web client opens it: the session's routing key in the address, the token in a message.
  send(withRoutingKey('/ws/stream', player.session), {
    headers: {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-key': randomBytes(16).toString('base64'),
      'sec-websocket-version': '13',
    },
  });
const betfair = (player: Player) =>
  send('/exchange/betting/json-rpc/v1', { method: 'POST', headers: { 'x-authentication': player.betfair } });

/** The one instance all of a player's kinds of request reach, or every instance they reached. */
async function instanceOf(player: Player): Promise<string> {
  const reached = new Set(
    await Promise.all([bearer(player), callback(player), socket(player), betfair(player)]),
  );
  return [...reached].join('+');
}

beforeAll(async () => {
  if (!existsSync(HAPROXY)) return;
  const backends = [];
  for (const name of NAMES) {
    const server = standIn(name);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.set(name, server);
    const address = server.address();
    backends.push({
      name,
      httpPort: typeof address === 'object' && address ? address.port : 0,
      streamPort: 0,
    });
  }
  port = await freePort();
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig({ httpPort: port, streamPort: 0, backends, health: '/healthz' }));
  balancer = new Supervised({
    name: 'haproxy',
    command: [HAPROXY, '-db', '-f', file],
    env: process.env,
    output: null,
  });
  balancer.start();
  await waitForHealthy(`http://127.0.0.1:${port}/healthz`, 10_000, () => balancer!.running);
});

afterAll(async () => {
  await balancer?.stop();
  for (const server of servers.values()) {
    server.closeAllConnections();
    server.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Without HAProxy there is nothing to test, except in CI, which installs it. */
function needsHaproxy(context: { skip(): void }): void {
  if (existsSync(HAPROXY)) return;
  if (process.env.CI === 'true') throw new Error(`${HAPROXY} is missing; .ci/run installs it`);
  context.skip();
}

describe('the balancer by player', () => {
  const players = Array.from({ length: PLAYERS }, newPlayer);
  let before: string[] = [];

  it('sends each player’s requests, callbacks, API calls and sockets to one instance', async (context) => {
    needsHaproxy(context);
    before = await Promise.all(players.map(instanceOf));
    for (const instance of before) expect(NAMES).toContain(instance);
    // Every instance holds some of the players.
    for (const name of NAMES)
      expect(before.filter((instance) => instance === name).length).toBeGreaterThan(5);
  });

  it('hashes a token minted before slots whole, and spreads requests with no key', async (context) => {
    needsHaproxy(context);
    const headers = { authorization: `Bearer ${randomBytes(32).toString('base64url')}` };
    const old = await Promise.all(Array.from({ length: 6 }, () => send('/api/me', { headers })));
    expect(new Set(old).size).toBe(1);
    const signIns = await Promise.all(
      Array.from({ length: 9 }, () => send('/api/loginUser', { method: 'POST' })),
    );
    expect(new Set(signIns).size).toBe(NAMES.length);
  });

  it('moves only the players of an instance that is lost', async (context) => {
    needsHaproxy(context);
    const lost = NAMES[2]!;
    const server = servers.get(lost)!;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // Two failed checks a second apart take it out.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const after = await Promise.all(players.map(instanceOf));
    for (const [index, instance] of after.entries()) {
      expect(instance).not.toBe(lost);
      if (before[index] !== lost) expect(instance).toBe(before[index]);
    }
  }, 15_000);
});
