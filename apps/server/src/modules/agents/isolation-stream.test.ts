import { beforeAll, describe, expect, it } from 'vitest';
import { STREAM_ERRORS } from '../../platform/stream/stream-subscriptions.ts';
import { openSocketProbe } from '../../test/socket-client.ts';
import { loginAs, TEST_ADMIN } from '../../test/test-app.ts';
import { AGENT_PASSWORD, agentFamily, playerOf, signInAgent, useAgentsTest } from './agents-test-kit.ts';

/**
 * The stream socket keeps an agent to what it may see (docs/decisions/0299): the staff's topics and a
 * player's own bets answer it exactly as a kind that does not exist, whatever the id, so it learns
 * neither of them nor of another subtree's players.
 */

const t = useAgentsTest();
let url: string;

beforeAll(async () => {
  await t.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.ctx.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws/stream`;
});

async function openStream(token: string) {
  const probe = await openSocketProbe(url);
  probe.socket.send(JSON.stringify({ token }));
  expect(await probe.next()).toEqual({ ready: true });
  return {
    close: () => probe.socket.close(),
    /** The first answer to one subscription. */
    async answer(sub: string, id?: string) {
      probe.socket.send(JSON.stringify(id === undefined ? { sub } : { sub, id }));
      return probe.next();
    },
  };
}

const unknownKind = (kind: string, id?: string) => ({
  error: STREAM_ERRORS.UNKNOWN_KIND,
  code: 'UNKNOWN_KIND',
  kind,
  ...(id === undefined ? {} : { id }),
});

describe('stream topics and agents', () => {
  it('answers an agent on the staff topics and on any bet topic as on a kind that does not exist', async () => {
    const { parent } = await agentFamily(t.ctx, t.owner, 100);
    const own = await playerOf(t.ctx, await signInAgent(t.ctx, parent), '10');
    const sibling = await t.owner.createOk({ sharePercent: 50, openingChips: 100 });
    const stranger = await playerOf(t.ctx, await signInAgent(t.ctx, sibling), '10');
    const stream = await openStream(await loginAs(t.ctx.app, parent.email, AGENT_PASSWORD));
    expect(await stream.answer('no-such-kind')).toEqual(unknownKind('no-such-kind'));
    for (const kind of ['admin-dashboard', 'admin-bets', 'admin-exposures'])
      expect(await stream.answer(kind), kind).toEqual(unknownKind(kind));
    // A kind without ids named with one is not told apart from an unknown kind either.
    expect(await stream.answer('admin-bets', stranger.id)).toEqual(unknownKind('admin-bets', stranger.id));
    for (const id of [stranger.id, own.id, parent.id])
      expect(await stream.answer('bet', id)).toEqual(unknownKind('bet', id));
    stream.close();
  });

  it('still serves the staff their topics and refuses a player another’s bets', async () => {
    const staff = await openStream(await loginAs(t.ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
    expect(await staff.answer('admin-bets')).toMatchObject({ kind: 'admin-bets', snapshot: true });
    staff.close();
    const player = await playerOf(t.ctx, t.ownerHeaders, '10');
    const other = await playerOf(t.ctx, t.ownerHeaders, '10');
    const stream = await openStream(player.headers.authorization!.replace('Bearer ', ''));
    expect(await stream.answer('bet', other.id)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await stream.answer('admin-bets')).toMatchObject({ code: 'FORBIDDEN' });
    stream.close();
  });
});
