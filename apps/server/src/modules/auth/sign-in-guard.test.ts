import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '../../platform/rejections.ts';
import { FairHashQueue, type HashQueueLimits } from './hash-queue.ts';
import { createSignInGuard, hashInTurn, SIGN_IN_BUSY, TOO_MANY_AT_ONCE } from './sign-in-guard.ts';

/** A guard whose one hash slot is held by the returned `release` until the test lets go. */
function guardWithHeldSlot(limits: Omit<HashQueueLimits, 'concurrency'>) {
  const guard = createSignInGuard(1, { hashQueue: new FairHashQueue({ concurrency: 1, ...limits }) });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const running = hashInTurn(guard, { address: 'a', addressAttempts: 1 }, () => held);
  return { guard, release, running };
}

const turnOf = (address: string) => ({ address, addressAttempts: 1 });

describe('hashInTurn when the hash queue sheds an attempt', () => {
  it('answers 429 with Retry-After, never a 5xx, whichever limit was met', async () => {
    const { guard, release, running } = guardWithHeldSlot({
      maxPendingPerKey: 2,
      maxPendingTotal: 3,
      maxWaitMs: 50,
    });
    const waited = await hashInTurn(guard, turnOf('b'), async () => true);
    const queued = hashInTurn(guard, turnOf('a'), async () => true);
    const sameAddress = await hashInTurn(guard, turnOf('a'), async () => true);
    const secondWaiter = hashInTurn(guard, turnOf('c'), async () => true);
    const overTotal = await hashInTurn(guard, turnOf('d'), async () => true);
    release();
    await Promise.all([running, queued, secondWaiter]);

    expect(waited).toEqual({
      ok: false,
      kind: 'rate_limited',
      code: 'BUSY',
      message: SIGN_IN_BUSY,
      retryAfterSeconds: 1,
    });
    expect(overTotal).toEqual(waited);
    expect(sameAddress).toMatchObject({
      kind: 'rate_limited',
      message: TOO_MANY_AT_ONCE,
      retryAfterSeconds: 1,
    });
    for (const refusal of [waited, overTotal, sameAddress]) {
      if (refusal.ok) throw new Error('expected a refusal');
      expect(httpStatusOf(refusal.kind)).toBe(429);
    }
  });
});
