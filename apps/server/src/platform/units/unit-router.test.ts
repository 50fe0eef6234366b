import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { createBus } from '../../lib/create-bus.ts';
import { COUNTER_TABLE, counterKind, createCounter, type CounterCommand } from '../../test/counter-unit.ts';
import { waitFor } from '../../test/pg-outage.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { Lifecycle } from '../lifecycle.ts';
import { ok } from '../rejections.ts';
import { UnitRouter } from './unit-router.ts';

let db: Database;
let bus: Bus;
let lifecycle: Lifecycle;
let published: string[];
beforeEach(async () => {
  db = await openTestDatabase();
  await db.exec(COUNTER_TABLE);
  const inner = createBus(undefined, db);
  published = [];
  bus = {
    publish: (topic, message) => (published.push(topic), inner.publish(topic, message)),
    subscribe: (topic, handler) => inner.subscribe(topic, handler),
    close: () => inner.close(),
  };
  lifecycle = new Lifecycle();
});
afterEach(async () => {
  await lifecycle.stop();
  await bus.close();
  await db.close();
});

const sleepMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('UnitRouter on one instance', () => {
  it('runs 100 concurrent commands of one unit one at a time, in the order they were sent', async () => {
    const router = new UnitRouter({ db, bus, lifecycle });
    let active = 0;
    let maxActive = 0;
    const applied: number[] = [];
    const send = router.register<{ id: string }, { n: number }, number>({
      kind: 'log',
      load: async (unitId) => ({ id: unitId }),
      async handle(_unit, command) {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await sleepMs(command.n % 3); // a command that awaits must still not let the next one in
        await db.query('SELECT 1');
        applied.push(command.n);
        active -= 1;
        return ok(command.n);
      },
    });
    await lifecycle.start();
    const results = await Promise.all(Array.from({ length: 100 }, (_, n) => send('log:one', { n })));
    expect(results.map((result) => (result.ok ? result.value : -1))).toEqual([...Array(100).keys()]);
    expect(applied).toEqual([...Array(100).keys()]);
    expect(maxActive).toBe(1);
  });

  it('runs commands here when it owns the unit, without the bus, rebuilding it from the database first', async () => {
    const router = new UnitRouter({ db, bus, lifecycle });
    const loads = new Map<string, number>();
    const send = router.register(counterKind(db, loads));
    await lifecycle.start();
    await createCounter(db, 'counter:a', 40);
    expect(await send('counter:a', { add: 1 })).toEqual({ ok: true, value: 41 });
    expect(await send('counter:a', { add: 1 })).toEqual({ ok: true, value: 42 });
    expect(router.owns('counter:a')).toBe(true);
    expect(loads.get('counter:a')).toBe(1);
    expect(published.filter((topic) => topic.startsWith('units:') && topic !== 'units:members')).toEqual([]);
  });

  it('answers typed rejections: unknown kind, no such unit, a full queue', async () => {
    const router = new UnitRouter({ db, bus, lifecycle, options: { maxQueuedPerUnit: 3 } });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = router.register({
      kind: 'slow',
      load: async (unitId) => (unitId === 'slow:missing' ? null : {}),
      handle: async () => (await gate, ok('done')),
    });
    await lifecycle.start();
    expect(await router.send('nothing:1', {})).toMatchObject({ ok: false, code: 'UNIT_UNKNOWN_KIND' });
    expect(await send('slow:missing', {})).toMatchObject({
      ok: false,
      kind: 'not_found',
      code: 'UNIT_NOT_FOUND',
    });
    const queued = [send('slow:1', {}), send('slow:1', {}), send('slow:1', {})];
    expect(await send('slow:1', {})).toMatchObject({
      ok: false,
      kind: 'unavailable',
      code: 'UNIT_BUSY',
      retryAfterSeconds: 1,
    });
    release();
    expect(await Promise.all(queued)).toEqual([ok('done'), ok('done'), ok('done')]);
  });

  it('rebuilds a unit from the database after its handler threw', async () => {
    const router = new UnitRouter({ db, bus, lifecycle });
    const loads = new Map<string, number>();
    const counter = counterKind(db, loads);
    const send = router.register({
      ...counter,
      handle: async (unit, command: CounterCommand) => {
        if (command.add < 0) {
          unit.value = -1000; // half-changed memory, never written
          throw new Error('refused by a bug');
        }
        return counter.handle(unit, command, unit.id);
      },
    });
    await lifecycle.start();
    await createCounter(db, 'counter:t', 5);
    await expect(send('counter:t', { add: -1 })).rejects.toThrow('refused by a bug');
    expect(await send('counter:t', { add: 2 })).toEqual(ok(7));
    expect(loads.get('counter:t')).toBe(2);
  });

  it('gives an ended unit back after the commands queued behind it, and loads it again for a later one', async () => {
    const router = new UnitRouter({ db, bus, lifecycle });
    const events: string[] = [];
    const send = router.register<{ ended: boolean }, 'work' | 'end', string>({
      kind: 'job',
      load: async () => (events.push('load'), { ended: false }),
      async handle(unit, command) {
        if (command === 'end') {
          await sleepMs(5); // the next command is queued meanwhile
          unit.ended = true;
        }
        events.push(command);
        return ok(command);
      },
      ended: (unit) => unit.ended,
      unload: () => void events.push('unload'),
    });
    await lifecycle.start();
    // PGlite grants leases without a row; PostgreSQL writes one.
    const heldHere = db.kind === 'postgres' ? router.instanceId : null;
    expect(await send('job:1', 'work')).toEqual(ok('work'));
    expect(await router.leases.holder('job:1')).toBe(heldHere);
    expect(await Promise.all([send('job:1', 'end'), send('job:1', 'work')])).toEqual([ok('end'), ok('work')]);
    expect(router.owns('job:1')).toBe(false);
    await waitFor(() => events.includes('unload'));
    await waitFor(async () => (await router.leases.holder('job:1')) === null);
    expect(router.health().ownedUnits).toBe(0);
    expect(published.filter((topic) => topic.startsWith('units:') && topic !== 'units:members')).toEqual([]);

    expect(await send('job:1', 'work')).toEqual(ok('work'));
    expect(events).toEqual(['load', 'work', 'end', 'work', 'unload', 'load', 'work']);
    expect(router.owns('job:1')).toBe(true);
  });

  it('on stop finishes the commands it accepted, then refuses new ones as UNIT_UNAVAILABLE', async () => {
    const router = new UnitRouter({ db, bus, lifecycle });
    const send = router.register(counterKind(db));
    await lifecycle.start();
    await createCounter(db, 'counter:s');
    const accepted = Array.from({ length: 20 }, () => send('counter:s', { add: 1 }));
    await lifecycle.stop();
    expect((await Promise.all(accepted)).map((result) => result.ok)).toEqual(Array(20).fill(true));
    expect(await send('counter:s', { add: 1 })).toMatchObject({ ok: false, code: 'UNIT_UNAVAILABLE' });
    expect(await db.query('SELECT value FROM unit_counters')).toEqual([{ value: 20 }]);
    expect(lifecycle.health().workers).toEqual([{ name: 'units', state: 'stopped', restarts: 0 }]);
  });
});
