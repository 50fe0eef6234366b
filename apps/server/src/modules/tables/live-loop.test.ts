import { crashStreamSchema, streamServerMessageSchema, tableStreamSchema } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocketProbe, type SocketProbe } from '../../test/socket-client.ts';
import { loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { startTables } from './index.ts';

/**
 * The live server's loop: every table and the crash game hosted and driven by their own timers, 100
 * times faster than normal (TABLE_SPEED), watched over `/ws/stream`.
 */
let ctx: TestContext;
let url: string;
let token: string;
beforeAll(async () => {
  ctx = await startTestApp({ TABLE_SPEED: '100' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws/stream`;
  token = await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  startTables(ctx.deps);
  await ctx.deps.lifecycle.start();
});
afterAll(async () => {
  await ctx.deps.lifecycle.stop();
  await ctx.close();
});

async function openStream(): Promise<SocketProbe & { send(message: unknown): void }> {
  const probe = await openSocketProbe(url);
  probe.socket.send(JSON.stringify({ token }));
  expect(await probe.next()).toEqual({ ready: true });
  const next = async () => streamServerMessageSchema.parse(await probe.next()) as Record<string, unknown>;
  return { ...probe, next, send: (message) => probe.socket.send(JSON.stringify(message)) };
}

describe('the live table loop over /ws/stream', () => {
  it('sends a table’s state at once, then every phase change in order with the server time', async () => {
    const stream = await openStream();
    stream.send({ sub: 'table', id: 'dragon-tiger' });
    const snapshot = await stream.next();
    expect(snapshot).toMatchObject({ kind: 'table', id: 'dragon-tiger', snapshot: true });
    tableStreamSchema.parse(snapshot.data);
    const phases: string[] = [];
    let lastSeq = snapshot.seq as number;
    // The snapshot may land mid-round: follow until one whole round has been seen, from its close.
    const wholeRound = /CLOSED DEALING RESULT SETTLED BETTING$/;
    while (!wholeRound.test(phases.join(' '))) {
      const message = await stream.next();
      const data = tableStreamSchema.parse(message.data);
      expect(message.seq as number).toBeGreaterThan(lastSeq);
      lastSeq = message.seq as number;
      expect(Date.parse(data.serverTime)).toBeGreaterThan(0);
      phases.push(data.round!.status);
      if (data.round!.status === 'SETTLED') expect(data.lastResults[0]!.roundId).toBe(data.round!.id);
      if (phases.length > 12) break;
    }
    expect(phases.join(' ')).toMatch(wholeRound);
    stream.socket.close();
  });

  it('streams the crash game from its countdown to take-off', async () => {
    const stream = await openStream();
    stream.send({ sub: 'crash' });
    const snapshot = await stream.next();
    expect(snapshot).toMatchObject({ kind: 'crash', snapshot: true });
    // The flight itself runs at the published curve's own pace, so the test stops at take-off.
    let data = crashStreamSchema.parse(snapshot.data);
    while (data.round?.status !== 'RUNNING') data = crashStreamSchema.parse((await stream.next()).data);
    expect(data.round.startedAt).toBe(data.round.closesAt);
    expect(data.round.crashPoint).toBeNull();
    stream.socket.close();
  });

  it('refuses unknown and malformed table ids on the socket, which stays open', async () => {
    const stream = await openStream();
    stream.send({ sub: 'table', id: 'no-such-table' });
    expect(await stream.next()).toMatchObject({ code: 'NOT_FOUND', kind: 'table' });
    stream.send({ sub: 'table', id: 'Bad Id!' });
    expect(await stream.next()).toMatchObject({ code: 'BAD_ID', kind: 'table' });
    stream.send({ sub: 'crash', id: 'x' });
    expect(await stream.next()).toMatchObject({ kind: 'crash' });
    stream.socket.close();
  });
});
