import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { errorResponseSchema } from '@backlay/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../seed.ts';
import { startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

const FLOOD_SIZE = 200;
const FLOOD_ADDRESSES = Array.from({ length: 10 }, (_, index) => `10.50.0.${index + 1}`);
const PLAYER_ADDRESS = '10.50.1.1';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

/**
 * A machine busy with other work: all cores but one taken by spinning threads, so the hashes share
 * what is left, and this process's event loop held for EVENT_LOOP_SLICE_MS of every EVENT_LOOP_PERIOD_MS,
 * so statements and answers wait too.
 */
const EVENT_LOOP_SLICE_MS = 15;
const EVENT_LOOP_PERIOD_MS = 30;

function keepMachineBusy(): () => Promise<void> {
  const spinners = Array.from(
    { length: Math.max(1, availableParallelism() - 1) },
    () => new Worker('for (;;) {}', { eval: true }),
  );
  const slices = setInterval(() => {
    const untilMs = performance.now() + EVENT_LOOP_SLICE_MS;
    while (performance.now() < untilMs);
  }, EVENT_LOOP_PERIOD_MS);
  return async () => {
    clearInterval(slices);
    await Promise.all(spinners.map((spinner) => spinner.terminate()));
  };
}

const signIn = (email: string, password: string, remoteAddress: string): Promise<LightMyRequestResponse> =>
  ctx.app.inject({ method: 'POST', url: '/api/loginUser', payload: { email, password }, remoteAddress });

// Wrong passwords for a real account and unknown emails, spread over the flood's addresses.
const bogusSignIn = (index: number) => {
  const address = FLOOD_ADDRESSES[index % FLOOD_ADDRESSES.length] ?? '';
  if (index % 2 === 0) return signIn(TEST_ADMIN.email, `wrong-${index}`, address);
  return signIn(`nobody-${index}@test.local`, 'wrong-pass', address);
};

/** How many answers had each status and code, for the log: `{"401 UNAUTHORIZED": 8, …}`. */
function tally(responses: LightMyRequestResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const response of responses) {
    const kind = `${response.statusCode} ${response.json<{ code?: string }>().code ?? ''}`.trim();
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

describe('a flood of bogus sign-ins on a busy machine', () => {
  it('answers every attempt 2xx or 4xx, every 429 with Retry-After, and still signs a player in', async () => {
    const stopBusy = keepMachineBusy();
    try {
      let answered = 0;
      const flood = Array.from({ length: FLOOD_SIZE }, (_, index) =>
        bogusSignIn(index).then((response) => {
          answered += 1;
          return response;
        }),
      );
      await Promise.race(flood);
      const answeredBeforePlayer = answered;
      const playerSentMs = performance.now();
      const player = await signIn(DEMO_PLAYER.email, DEMO_PLAYER.password, PLAYER_ADDRESS);
      const playerMs = Math.round(performance.now() - playerSentMs);
      const responses = await Promise.all(flood);
      const statuses = responses.map((response) => response.statusCode);
      console.info(
        `flood of ${FLOOD_SIZE}: ${JSON.stringify(tally(responses))}; player ${JSON.stringify(tally([player]))} in ${playerMs} ms`,
      );

      expect(answeredBeforePlayer).toBeLessThan(FLOOD_SIZE);
      expect(player.statusCode).toBe(200);
      expect(statuses.filter((status) => status < 200 || status >= 500)).toEqual([]);
      for (const response of responses.filter((r) => r.statusCode === 429)) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        const body = errorResponseSchema.strict().parse(response.json());
        expect(['RATE_LIMITED', 'BUSY']).toContain(body.code);
      }
    } finally {
      await stopBusy();
    }
  }, 120_000);
});
