import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { pacer } from './pace.ts';

describe('pacer', () => {
  it('never waits without a rate', () => {
    const pace = pacer(undefined, 4, 0);
    expect([pace(), pace(), pace()]).toEqual([undefined, undefined, undefined]);
  });

  it('spaces one client’s operations by its share of the rate', async () => {
    const pace = pacer(200, 1, 0); // one slot every 5 ms
    const started = performance.now();
    for (let i = 0; i < 10; i += 1) await pace();
    expect(performance.now() - started).toBeGreaterThanOrEqual(44);
  });

  it('staggers the clients and lets a late one go at once without a burst after it', async () => {
    expect(pacer(10, 2, 0)()).toBeUndefined(); // the first client's first slot is now
    expect(pacer(10, 2, 1)()).toBeInstanceOf(Promise); // the second's is half an interval later
    const pace = pacer(100, 1, 0); // every 10 ms
    await pace();
    await sleep(35);
    expect(pace()).toBeUndefined(); // behind: at once
    expect(pace()).toBeInstanceOf(Promise); // and the next one waits its full interval
  });
});
