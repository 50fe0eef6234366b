import { idSchemaFor, streamServerMessageSchema } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { openSocketProbe, type SocketProbe } from '../../test/socket-client.ts';
import { STREAM_ERRORS } from './stream-subscriptions.ts';

let ctx: TestContext;
let url: string;
let admin: Record<string, string>;
const logLines: string[] = [];
/** The dummy kind's state per id; `gate` holds a snapshot read open until the test releases it. */
const boards = new Map<string, { seq: number; data: unknown }>();
let gate: Promise<void> | null = null;

beforeAll(async () => {
  ctx = await startTestApp(
    { LOG_LEVEL: 'debug' },
    {
      socketLimits: { maxSubscriptionsPerSocket: 3, reconcileEveryMs: 600_000 },
      logger: { stream: { write: (line) => void logLines.push(line) } },
    },
  );
  ctx.deps.streams.register({
    kind: 'board',
    idSchema: z.string().regex(/^[a-z0-9-]{1,20}$/),
    async snapshot(id) {
      if (id === 'broken') throw new Error('read failed');
      await gate;
      return boards.get(id!) ?? null;
    },
  });
  ctx.deps.streams.register({
    kind: 'mine',
    idSchema: idSchemaFor('a player id'),
    authorize: (session, id) => session.userId === id,
    snapshot: async (id) => ({ seq: 0, data: { owner: id } }),
  });
  ctx.deps.streams.register({ kind: 'clock', snapshot: async () => ({ seq: 1, data: 'tick' }) });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws/stream`;
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(() => ctx.close());

let players = 0;
async function newPlayer() {
  players += 1;
  const email = `stream${players}@test.local`;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/players',
    headers: admin,
    payload: { email, password: 'secret1', name: 'Stream', openingCredit: '10' },
  });
  return { id: response.json().player.id as string, token: await loginAs(ctx.app, email, 'secret1') };
}

/** A signed-in stream socket, past `{ready: true}`; every message it reads must match the contract. */
async function openStream(token: string): Promise<SocketProbe & { send(message: unknown): void }> {
  const probe = await openSocketProbe(url);
  probe.socket.send(JSON.stringify({ token }));
  expect(await probe.next()).toEqual({ ready: true });
  const next = async () => streamServerMessageSchema.parse(await probe.next()) as Record<string, unknown>;
  return { ...probe, next, send: (message) => probe.socket.send(JSON.stringify(message)) };
}

const publish = (id: string, seq: number, data: unknown, key?: string) =>
  ctx.deps.streams.publish('board', id, { seq, data, ...(key ? { key } : {}) });

/** A board update as the socket sends it. */
const boardUpdate = (id: string, seq: number, data: unknown) => ({
  type: 'board',
  kind: 'board',
  id,
  seq,
  data,
});

describe('GET /ws/stream', () => {
  it('sends the snapshot at once, then every later change in order, never an older one', async () => {
    const { token } = await newPlayer();
    boards.set('b1', { seq: 5, data: { price: 100 } });
    const stream = await openStream(token);
    stream.send({ sub: 'board', id: 'b1' });
    expect(await stream.next()).toEqual({
      type: 'board',
      kind: 'board',
      id: 'b1',
      seq: 5,
      snapshot: true,
      data: { price: 100 },
    });
    await publish('b1', 6, { price: 101 });
    await publish('b1', 7, { price: 102 }, 'runner-1');
    await publish('b1', 6, { price: 999 }); // late publication of an older commit
    await publish('b1', 8, { price: 103 });
    expect(await stream.next()).toEqual(boardUpdate('b1', 6, { price: 101 }));
    expect(await stream.next()).toEqual(boardUpdate('b1', 7, { price: 102 }));
    expect(await stream.next()).toEqual(boardUpdate('b1', 8, { price: 103 }));
    stream.socket.close();
  });

  it('keeps changes heard while the snapshot is read and sends those newer than it after it', async () => {
    const { token } = await newPlayer();
    boards.set('b2', { seq: 10, data: 'snapshot' });
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const stream = await openStream(token);
    stream.send({ sub: 'board', id: 'b2' });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the subscription is on the bus now
    await publish('b2', 9, 'already in the snapshot');
    await publish('b2', 12, 'second', 'b');
    await publish('b2', 11, 'first', 'a');
    gate = null;
    open();
    expect(await stream.next()).toMatchObject({ seq: 10, snapshot: true, data: 'snapshot' });
    expect(await stream.next()).toMatchObject({ seq: 11, data: 'first' });
    expect(await stream.next()).toMatchObject({ seq: 12, data: 'second' });
    stream.socket.close();
  });

  it('stops the updates of a topic after unsub, and the socket keeps its others', async () => {
    const { token } = await newPlayer();
    boards.set('b3', { seq: 1, data: 'three' });
    boards.set('b4', { seq: 1, data: 'four' });
    const stream = await openStream(token);
    stream.send({ sub: 'board', id: 'b3' });
    stream.send({ sub: 'board', id: 'b4' });
    await stream.next();
    await stream.next();
    stream.send({ unsub: 'board', id: 'b3' });
    expect(await stream.next()).toEqual({ unsubscribed: 'board', id: 'b3' });
    await publish('b3', 2, 'not for this socket any more');
    await publish('b4', 2, 'still followed');
    expect(await stream.next()).toMatchObject({ id: 'b4', seq: 2 });
    stream.socket.close();
  });

  it('refuses a subscription with {error, code} and keeps the socket open', async () => {
    const { id, token } = await newPlayer();
    const other = await newPlayer();
    const stream = await openStream(token);
    const refusal = async (message: unknown) => {
      stream.send(message);
      return (await stream.next()).code;
    };
    expect(await refusal({ sub: 'nothing', id: 'x' })).toBe('UNKNOWN_KIND');
    expect(await refusal({ sub: 'board', id: 'NOT VALID' })).toBe('BAD_ID');
    expect(await refusal({ sub: 'board' })).toBe('BAD_ID');
    expect(await refusal({ sub: 'clock', id: 'x' })).toBe('BAD_ID');
    expect(await refusal({ sub: 'board', id: 'missing' })).toBe('NOT_FOUND');
    expect(await refusal({ sub: 'board', id: 'broken' })).toBe('UNAVAILABLE');
    expect(await refusal({ sub: 'mine', id: other.id })).toBe('FORBIDDEN');
    stream.send({ sub: 'mine', id: id.toUpperCase() }); // ids are normalised by the kind's schema
    expect(await stream.next()).toEqual({
      type: 'mine',
      kind: 'mine',
      id,
      seq: 0,
      snapshot: true,
      data: { owner: id },
    });
    expect(await refusal({ sub: 'mine', id })).toBe('ALREADY_SUBSCRIBED');
    stream.send({ sub: 'clock' });
    expect(await stream.next()).toEqual({
      type: 'clock',
      kind: 'clock',
      seq: 1,
      snapshot: true,
      data: 'tick',
    });
    expect(stream.messages.at(-2)).toMatchObject({ error: STREAM_ERRORS.ALREADY_SUBSCRIBED, kind: 'mine' });
    stream.socket.close();
  });

  it('refuses a subscription beyond the per-socket limit until one is released', async () => {
    const { token } = await newPlayer();
    for (const id of ['l1', 'l2', 'l3', 'l4']) boards.set(id, { seq: 1, data: id });
    const stream = await openStream(token);
    for (const id of ['l1', 'l2', 'l3']) {
      stream.send({ sub: 'board', id });
      expect(await stream.next()).toMatchObject({ id, snapshot: true });
    }
    stream.send({ sub: 'board', id: 'l4' });
    expect(await stream.next()).toMatchObject({ code: 'TOO_MANY_SUBSCRIPTIONS', id: 'l4' });
    stream.send({ unsub: 'board', id: 'l1' });
    expect(await stream.next()).toEqual({ unsubscribed: 'board', id: 'l1' });
    stream.send({ sub: 'board', id: 'l4' });
    expect(await stream.next()).toMatchObject({ id: 'l4', snapshot: true });
    stream.socket.close();
  });

  it('logs a malformed frame as one debug line and answers nothing', async () => {
    const { token } = await newPlayer();
    boards.set('m1', { seq: 3, data: 'after' });
    const stream = await openStream(token);
    const before = logLines.length;
    stream.socket.send('not json');
    stream.send({ sub: 'board', id: 'm1', extra: true });
    stream.send({ sub: 'board', id: 'm1' });
    expect(await stream.next()).toMatchObject({ id: 'm1', snapshot: true });
    const lines = logLines.slice(before).map((line) => JSON.parse(line) as { level: number; msg: string });
    const ignored = lines.filter((line) => line.msg === 'stream frame ignored: not a subscription');
    expect(ignored).toHaveLength(2);
    expect(ignored.every((line) => line.level === 20)).toBe(true);
    stream.socket.close();
  });

  it('closes the socket when its session signs out', async () => {
    const { token } = await newPlayer();
    const stream = await openStream(token);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    expect(await stream.closed).toBe(1008);
    expect(stream.messages.at(-1)).toEqual({
      error: 'Your session has expired or was signed out. Please sign in again.',
    });
  });
});
