import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStream } from './connect-stream.ts';
import { LoginRefused, loginForSession } from './login.ts';
import type { StreamStatus } from './options.ts';
import { scriptedServer } from './scripted-peer.ts';

type Seen = { url: string; headers: IncomingHttpHeaders; body: string };
const seen: Seen[] = [];
let answers: string[] = [];
let server: Server;
let identityUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ url: request.url!, headers: request.headers, body });
      response.setHeader('content-type', 'application/json');
      response.end(answers.shift() ?? '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  identityUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/betfair/identity/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const answer = (token: string, status: string, error = '') =>
  JSON.stringify({ token, product: 'key-1', status, error });
const login = () => ({ identityUrl, username: 'bot@test.local', password: 'p&ss=1' });

/** A stream connection that logs in with `login()`, to a scripted stream server; its statuses kept. */
function connectWithLogin() {
  const stream = scriptedServer();
  const statuses: StreamStatus[] = [];
  const connection = connectStream({
    host: 'stream.test',
    port: 443,
    appKey: 'key-1',
    login: login(),
    marketFilter: {},
    marketDataFilter: {},
    reconnect: { initialDelayMs: 10, maxDelayMs: 10 },
    onMessage: () => {},
    onStatus: (status) => void statuses.push(status),
    connect: stream.connect,
  });
  return { stream, statuses, connection };
}

describe('loginForSession', () => {
  it('posts the form with the app key and answers the token', async () => {
    answers = [answer('token-1', 'SUCCESS')];
    expect(await loginForSession(login(), 'key-1')).toBe('token-1');
    const request = seen.at(-1)!;
    expect(request.url).toBe('/betfair/identity/login');
    expect(request.headers).toMatchObject({
      'x-application': 'key-1',
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      username: 'bot@test.local',
      password: 'p&ss=1',
    });
  });

  it('throws LoginRefused for a lasting refusal, a plain Error for one that may pass', async () => {
    answers = [answer('', 'FAIL', 'INVALID_USERNAME_OR_PASSWORD')];
    await expect(loginForSession(login(), 'key-1')).rejects.toEqual(
      new LoginRefused('INVALID_USERNAME_OR_PASSWORD'),
    );
    answers = [answer('', 'FAIL', 'TEMPORARY_BAN_TOO_MANY_REQUESTS')];
    const passing = await loginForSession(login(), 'key-1').catch((error: unknown) => error);
    expect(passing).toBeInstanceOf(Error);
    expect(passing).not.toBeInstanceOf(LoginRefused);
    answers = ['x'.repeat(70 * 1024)];
    await expect(loginForSession(login(), 'key-1')).rejects.toThrow(/more than 65536 bytes/);
  });
});

describe('connectStream with a login', () => {
  it('logs in without a session, and again when the stream says the session ended, then resumes', async () => {
    answers = [answer('token-a', 'SUCCESS'), answer('token-b', 'SUCCESS')];
    const { stream, statuses, connection } = connectWithLogin();
    const first = await stream.peer(0);
    await first.accept();
    expect(first.received[0]).toMatchObject({ op: 'authentication', session: 'token-a' });
    first.send({ op: 'mcm', id: 2, ct: 'SUB_IMAGE', initialClk: 'i1', clk: 'c1', mc: [] });
    first.send({
      op: 'status',
      statusCode: 'FAILURE',
      errorCode: 'INVALID_SESSION_INFORMATION',
      connectionClosed: true,
    });
    const second = await stream.peer(1);
    expect(await second.accept()).toMatchObject({ initialClk: 'i1', clk: 'c1' });
    expect(second.received[0]).toMatchObject({ op: 'authentication', session: 'token-b' });
    await connection.close();
    expect(statuses.some((s) => s.state === 'failed')).toBe(false);
  });

  it('fails for good when the login is refused', async () => {
    answers = [answer('', 'FAIL', 'INVALID_USERNAME_OR_PASSWORD')];
    const { stream, statuses, connection } = connectWithLogin();
    const deadline = Date.now() + 2000;
    while (!statuses.some((s) => s.state === 'failed') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(statuses.at(-1)).toEqual({
      state: 'failed',
      detail: 'login refused: INVALID_USERNAME_OR_PASSWORD',
    });
    expect(stream.peers).toHaveLength(0);
    await connection.close();
  });
});
