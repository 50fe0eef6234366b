import { describe, expect, it } from 'vitest';
import type { PostgresDatabase } from '../../db/postgres.ts';
import { createCounter } from '../../test/counter-unit.ts';
import { waitFor } from '../../test/pg-outage.ts';
import { ok } from '../rejections.ts';
import { crash, twoInstances, url, type Instance } from './instances-kit.ts';
import { leaseTimings } from './types.ts';

/** Wraps a pool so that its lease statements wait while stalled (a stalled owner) and go on after. */
function leaseStall(table = 'unit_leases') {
  let gate = Promise.resolve();
  let resume = () => {};
  const wrap = (pool: PostgresDatabase): PostgresDatabase =>
    new Proxy(pool, {
      get(target, key) {
        if (key !== 'query') {
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (text: string, params?: readonly unknown[]) => {
          if (text.includes(table)) await gate;
          return target.query(text, params);
        };
      },
    });
  const start = () => void (gate = new Promise<void>((resolve) => (resume = resolve)));
  return { wrap, start, end: () => resume() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(url)('UnitRouter across two instances on PostgreSQL', () => {
  it('forwards a command to the owning instance and answers its result', async () => {
    const { a, b, db } = await twoInstances();
    await createCounter(db, 'counter:f', 0);
    expect(await a.send('counter:f', { add: 1 })).toEqual(ok(1));
    const forwarded = await Promise.all(Array.from({ length: 20 }, () => b.send('counter:f', { add: 1 })));
    expect(
      forwarded.map((result) => (result.ok ? (result.value as number) : 0)).sort((x, y) => x - y),
    ).toEqual(Array.from({ length: 20 }, (_, n) => n + 2));
    expect(a.router.owns('counter:f')).toBe(true);
    expect(b.router.owns('counter:f')).toBe(false);
    expect(b.loads.get('counter:f')).toBeUndefined();
    expect(await db.query('SELECT owner FROM unit_leases WHERE unit_id = $1', ['counter:f'])).toEqual([
      { owner: a.router.instanceId },
    ]);
  });

  it('hands the unit over when its owner stops: the other instance rebuilds it from the database', async () => {
    const { a, b, db } = await twoInstances();
    await createCounter(db, 'counter:g', 10);
    expect(await a.send('counter:g', { add: 5 })).toEqual(ok(15));
    expect(await b.send('counter:g', { add: 1 })).toEqual(ok(16)); // forwarded; b now believes a owns it
    await a.lifecycle.stop(); // drains, releases the lease and announces it
    expect(await db.query('SELECT * FROM unit_leases')).toEqual([]);
    expect(await b.send('counter:g', { add: 1 })).toEqual(ok(17));
    expect(b.router.owns('counter:g')).toBe(true);
    expect(b.loads.get('counter:g')).toBe(1);
  });

  it('asks again at once a command sent to an owner that stopped before the caller heard of it', async () => {
    const { a, b, db } = await twoInstances({}, 300);
    await createCounter(db, 'counter:r', 10);
    expect(await a.send('counter:r', { add: 5 })).toEqual(ok(15));
    expect(await b.send('counter:r', { add: 1 })).toEqual(ok(16)); // b believes a owns it
    await a.lifecycle.stop();
    const startedMs = performance.now();
    // Sent to a, which no longer listens; the late release announcement sends it to the new owner.
    expect(await b.send('counter:r', { add: 1 })).toEqual(ok(17));
    expect(performance.now() - startedMs).toBeLessThan(2_000);
    expect(b.router.owns('counter:r')).toBe(true);
    expect(b.loads.get('counter:r')).toBe(1);
  });

  it('after an owner vanishes, answers UNIT_UNAVAILABLE until its lease expires, then takes the unit over', async () => {
    const { a, b, db } = await twoInstances({ leaseTtlMs: 1_200, renewEveryMs: 200, forwardTimeoutMs: 300 });
    await createCounter(db, 'counter:h', 0);
    expect(await a.send('counter:h', { add: 3 })).toEqual(ok(3));
    await crash(a);
    const startedMs = performance.now();
    expect(await b.send('counter:h', { add: 1 })).toMatchObject({
      ok: false,
      kind: 'unavailable',
      code: 'UNIT_UNAVAILABLE',
    });
    expect(performance.now() - startedMs).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(await b.send('counter:h', { add: 1 })).toEqual(ok(4));
    expect(b.router.owns('counter:h')).toBe(true);
  });

  it('keeps a hosted unit owned by exactly one instance, and moves it when that one stops', async () => {
    const { a, b, db } = await twoInstances({ renewEveryMs: 100 });
    await createCounter(db, 'counter:hosted', 0);
    a.router.host('counter:hosted');
    b.router.host('counter:hosted');
    const owners = () => [a, b].filter((one) => one.router.owns('counter:hosted'));
    await expect.poll(() => owners().length, { timeout: 3_000 }).toBe(1);
    const [owner] = owners();
    const other = owner === a ? b : a;
    await owner!.lifecycle.stop();
    await expect.poll(() => other.router.owns('counter:hosted'), { timeout: 3_000 }).toBe(true);
    expect(other.loads.get('counter:hosted')).toBe(1);
  });

  it('takes a hosted unit as soon as its owner announces the release, not at its next look', async () => {
    const { a, b, db } = await twoInstances({
      leaseTtlMs: 10_000,
      renewEveryMs: 5_000,
      takeHostedEveryMs: 5_000,
    });
    await createCounter(db, 'counter:handed', 0);
    expect(await a.send('counter:handed', { add: 1 })).toEqual(ok(1)); // a's loop looks in 5 s too
    b.router.host('counter:handed'); // b's loop looks again in 5 s
    await a.lifecycle.stop();
    expect(await waitFor(() => b.router.owns('counter:handed'), 5_000)).toBeLessThan(1_000);
  });

  it("runs a vanished owner's hosted unit elsewhere right after its lease expires, not at a renewal", async () => {
    // Renewals a second apart; b looks for free hosted units every 50 ms.
    const options = { leaseTtlMs: 2_000, renewEveryMs: 1_000, leaseMarginMs: 200, takeHostedEveryMs: 50 };
    const { a, b, db } = await twoInstances(options, 0, 500);
    await createCounter(db, 'counter:loop', 0);
    a.router.host('counter:loop');
    await expect.poll(() => a.router.owns('counter:loop'), { timeout: 3_000 }).toBe(true);
    b.router.host('counter:loop');
    await crash(a);
    const [lease] = await db.query<{ left_ms: number }>(
      "SELECT extract(epoch FROM expires_at - now()) * 1000 AS left_ms FROM unit_leases WHERE unit_id = 'counter:loop'",
    );
    const expiresAtMs = performance.now() + Number(lease!.left_ms);
    await expect.poll(() => b.router.owns('counter:loop'), { timeout: 5_000, interval: 10 }).toBe(true);
    // Taken within a look or two of the expiry; at b's next renewal it would be 0–1,000 ms later.
    expect(performance.now() - expiresAtMs).toBeLessThan(250);
  });

  it("serves a dead owner's units elsewhere within 5 s with 10 s leases: its heartbeat stops", async () => {
    const { a, b, db } = await twoInstances();
    await createCounter(db, 'counter:dead', 0);
    await createCounter(db, 'counter:dead-loop', 0);
    a.router.host('counter:dead-loop');
    await expect.poll(() => a.router.owns('counter:dead-loop'), { timeout: 3_000 }).toBe(true);
    b.router.host('counter:dead-loop');
    expect(await a.send('counter:dead', { add: 1 })).toEqual(ok(1));
    expect(await b.send('counter:dead', { add: 1 })).toEqual(ok(2)); // forwarded: b believes a owns it
    await crash(a);
    const crashedAtMs = performance.now();
    const loopTaken = waitFor(() => b.router.owns('counter:dead-loop'), 8_000);
    // A command every 100 ms, as clients send them; those forwarded to the dead owner time out (5 s).
    const answeredAtMs: number[] = [];
    const sending: Promise<void>[] = [];
    while (answeredAtMs.length === 0 && performance.now() - crashedAtMs < 8_000) {
      const answered = b.send('counter:dead', { add: 1 });
      sending.push(answered.then((result) => void (result.ok && answeredAtMs.push(performance.now()))));
      await sleep(100);
    }
    expect(Math.min(...answeredAtMs) - crashedAtMs).toBeLessThan(5_000);
    expect(await loopTaken).toBeLessThan(5_000);
    await Promise.all(sending);
  });

  it('an owner whose lease statements stall runs nothing from a margin before another may take its unit', async () => {
    const stall = leaseStall();
    const { a, b, db } = await twoInstances(leaseTimings(4_000), 0, 0, stall.wrap);
    await createCounter(db, 'counter:stall', 0);
    expect(await a.send('counter:stall', { add: 1 })).toEqual(ok(1));
    stall.start();
    const stalledAtMs = performance.now();
    const answers: Promise<Awaited<ReturnType<Instance['send']>>>[] = [];
    while (b.ran.length === 0 && performance.now() - stalledAtMs < 8_000) {
      answers.push(a.send('counter:stall', { add: 1 }), b.send('counter:stall', { add: 1 }));
      await sleep(50);
    }
    const takenAtMs = b.ran[0]!;
    expect(takenAtMs - stalledAtMs).toBeLessThan(5_000);
    // a's last command started at least the margin (1 s) before b's first: no overlap, no late write.
    expect(takenAtMs - Math.max(...a.ran)).toBeGreaterThan(900);
    stall.end();
    const succeeded = (await Promise.all(answers)).filter((result) => result.ok).length;
    // What a still held when its statements went on was sent to b: nothing ran on a after the takeover.
    expect(a.ran.filter((atMs) => atMs >= takenAtMs)).toEqual([]);
    expect(await db.query('SELECT value FROM unit_counters')).toEqual([{ value: 1 + succeeded }]);
  });

  it('an owner whose heartbeat lapsed runs none of its units again, even once it beats again', async () => {
    const stall = leaseStall('unit_instances');
    const options = { instanceTtlMs: 2_000, takeHostedEveryMs: 50 };
    const { a, b, db } = await twoInstances(options, 0, 0, stall.wrap);
    await createCounter(db, 'counter:lapsed', 0);
    expect(await a.send('counter:lapsed', { add: 1 })).toEqual(ok(1));
    stall.start();
    const stalledAtMs = performance.now();
    while (b.ran.length === 0 && performance.now() - stalledAtMs < 6_000) {
      await b.send('counter:lapsed', { add: 1 });
      await sleep(50);
    }
    const takenAtMs = b.ran[0]!;
    expect(takenAtMs - stalledAtMs).toBeLessThan(3_000);
    expect(takenAtMs - Math.max(...a.ran)).toBeGreaterThan(900);
    stall.end();
    await sleep(1_000); // a beats again
    const afterMs = performance.now();
    for (let n = 0; n < 5; n += 1) expect((await a.send('counter:lapsed', { add: 1 })).ok).toBe(true);
    expect(a.ran.filter((atMs) => atMs >= afterMs)).toEqual([]);
    expect(a.router.owns('counter:lapsed')).toBe(false);
  });
});
