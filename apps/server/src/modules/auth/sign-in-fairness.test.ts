import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PLAYER } from '../../seed.ts';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { FairHashQueue } from './hash-queue.ts';
import { LOGIN_LIMITS } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import { TOO_MANY_AT_ONCE } from './sign-in-guard.ts';

const FLOODER = '10.40.0.1';
const PLAYER = '10.40.0.2';
const FLOOD_SIZE = 200;
const QUEUE = { concurrency: 2, maxPendingPerKey: 16, maxPendingTotal: 500, maxWaitMs: 120_000 };

// The hashes in the order the queue started them ('A' flood, 'B' the player), held until the test lets go,
// so the assertions are about order, never about time.
const started: Array<'A' | 'B'> = [];
let releaseHashes!: () => void;
const hashesReleased = new Promise<void>((resolve) => (releaseHashes = resolve));
const hashQueue = new FairHashQueue(QUEUE);
let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp(
    {},
    {
      signIn: {
        hashQueue,
        // The address limits are lifted so that only the queue stands between the flood and the player.
        limits: { ...LOGIN_LIMITS, attemptsPerAddress: 10_000, attemptsPerAccountAddress: 10_000 },
        verify: async (password, encoded) => {
          started.push(password === DEMO_PLAYER.password ? 'B' : 'A');
          await hashesReleased;
          return verifyPassword(password, encoded);
        },
        sleep: async () => undefined,
      },
    },
  );
});
afterAll(() => ctx.close());

const waitLong = { timeout: 20_000, interval: 10 };

describe('sign-in under a flood from one address', () => {
  it('serves another address as soon as a running hash finishes', async () => {
    const answered: LightMyRequestResponse[] = [];
    const flood = Array.from({ length: FLOOD_SIZE }, (_, index) =>
      ctx.app
        .inject({
          method: 'POST',
          url: '/api/loginUser',
          payload: { email: `spray-${index}@test.local`, password: 'wrong-pass' },
          remoteAddress: FLOODER,
        })
        .then((response) => {
          answered.push(response);
          return response;
        }),
    );
    // The flood fills its share of the queue and everything beyond it is refused at once.
    await vi.waitFor(() => {
      expect(answered.length).toBe(FLOOD_SIZE - QUEUE.maxPendingPerKey);
      expect(hashQueue.pendingFor(FLOODER)).toBe(QUEUE.maxPendingPerKey);
    }, waitLong);

    const player = ctx.app.inject({
      method: 'POST',
      url: '/api/loginUser',
      payload: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
      remoteAddress: PLAYER,
    });
    await vi.waitFor(() => expect(hashQueue.pendingFor(PLAYER)).toBe(1), waitLong);
    releaseHashes();

    expect((await player).statusCode).toBe(200);
    const floodResponses = await Promise.all(flood);
    // Only the flood hashes already running when the player arrived went first.
    expect(started.indexOf('B')).toBe(QUEUE.concurrency);
    expect(started.filter((who) => who === 'A')).toHaveLength(QUEUE.maxPendingPerKey);
    const refused = floodResponses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(FLOOD_SIZE - QUEUE.maxPendingPerKey);
    expect(refused[0]?.json().message).toBe(TOO_MANY_AT_ONCE);
    expect(refused[0]?.headers['retry-after']).toBe('1');
    expect(floodResponses.filter((response) => response.statusCode === 401)).toHaveLength(
      QUEUE.maxPendingPerKey,
    );
  });
});
