import { describe, expect, it } from 'vitest';
import { createCounter } from '../../test/counter-unit.ts';
import { ok } from '../rejections.ts';
import { freshSchema, instance, url, type Instance } from './instances-kit.ts';
import { placeUnit } from './placement.ts';
import { leaseTimings } from './types.ts';

const OPTIONS = { placement: 'hash', heartbeatEveryMs: 100 } as const;
const UNITS = Array.from({ length: 16 }, (_, index) => `counter:p${index}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ownerOf = (unitId: string, instances: readonly Instance[]) =>
  instances.filter((one) => one.router.owns(unitId)).map((one) => one.router.instanceId);

/** Adds one to every unit from every instance, every 50 ms, until told to stop; what each answered. */
function steadyLoad(instances: () => readonly Instance[]) {
  const answers: { unitId: string; ok: boolean; value?: unknown; code?: string }[] = [];
  let running = true;
  const sending = (async () => {
    const inFlight: Promise<void>[] = [];
    while (running) {
      for (const one of instances())
        for (const unitId of UNITS)
          inFlight.push(
            one.send(unitId, { add: 1 }).then((result) => {
              answers.push(
                result.ok
                  ? { unitId, ok: true, value: result.value }
                  : { unitId, ok: false, code: result.code },
              );
            }),
          );
      await sleep(50);
    }
    await Promise.all(inFlight);
  })();
  return { answers, stop: async () => ((running = false), await sending) };
}

describe.runIf(url)('UnitRouter placing units by rendezvous hashing', () => {
  it('runs each unit on the instance its hash picks, whichever instance used it first', async () => {
    const { db, pool } = await freshSchema();
    const a = await instance(await pool(), OPTIONS);
    const b = await instance(await pool(), OPTIONS);
    for (const unitId of UNITS) await createCounter(db, unitId, 0);
    await sleep(1_300); // each heard the other on the bus and found its row at its next beat (1 s)
    for (const unitId of UNITS) expect(await a.send(unitId, { add: 1 })).toEqual(ok(1));
    const ids = [a.router.instanceId, b.router.instanceId];
    for (const unitId of UNITS) expect(ownerOf(unitId, [a, b])).toEqual([placeUnit(unitId, ids)]);
    expect(UNITS.filter((unitId) => b.router.owns(unitId)).length).toBeGreaterThan(2);
  });

  it('hands a newcomer the units it wins, and takes them back when it drains, failing no command', async () => {
    const { db, pool } = await freshSchema();
    for (const unitId of UNITS) await createCounter(db, unitId, 0);
    const a = await instance(await pool(), OPTIONS);
    const running: Instance[] = [a];
    const load = steadyLoad(() => running);
    await sleep(200);
    expect(UNITS.every((unitId) => a.router.owns(unitId))).toBe(true);
    const b = await instance(await pool(), OPTIONS);
    running.push(b);
    const ids = [a.router.instanceId, b.router.instanceId];
    const onB = UNITS.filter((unitId) => placeUnit(unitId, ids) === b.router.instanceId);
    await expect.poll(() => onB.every((unitId) => b.router.owns(unitId)), { timeout: 3_000 }).toBe(true);
    expect(UNITS.filter((unitId) => !onB.includes(unitId)).every((unitId) => a.router.owns(unitId))).toBe(
      true,
    );
    // The balancer takes a draining instance out first: its own last requests end before its units go.
    running.splice(1, 1);
    await sleep(300);
    await b.lifecycle.stop();
    await sleep(200);
    await load.stop();
    expect(UNITS.every((unitId) => a.router.owns(unitId))).toBe(true);
    expect(load.answers.filter((answer) => !answer.ok)).toEqual([]);
    // Every add ran once: each unit answered 1, 2, 3, … with no value twice or missing.
    for (const unitId of UNITS) {
      const values = load.answers
        .filter((answer) => answer.unitId === unitId)
        .map((answer) => answer.value as number);
      expect(values.sort((x, y) => x - y)).toEqual(values.map((_, index) => index + 1));
    }
  });

  it('takes the units handed to it with no command for them, and a slow handover never stops renewals', async () => {
    const { db, pool } = await freshSchema();
    for (const unitId of UNITS) await createCounter(db, unitId, 0);
    const options = { ...OPTIONS, ...leaseTimings(2_000) };
    const a = await instance(await pool(), options);
    for (const unitId of UNITS) expect(await a.send(unitId, { add: 1 })).toEqual(ok(1));
    const b = await instance(await pool(), options);
    const ids = [a.router.instanceId, b.router.instanceId];
    const onB = UNITS.filter((unitId) => placeUnit(unitId, ids) === b.router.instanceId);
    const onA = UNITS.filter((unitId) => !onB.includes(unitId));
    // Its handover waits for this command, which outlasts a's lease validity twice over.
    const slow = a.send(onB[0]!, { add: 1, holdMs: 4_000 });
    await sleep(3_000);
    expect(onA.filter((unitId) => !a.router.owns(unitId))).toEqual([]);
    expect(onB.slice(1).filter((unitId) => !b.router.owns(unitId))).toEqual([]);
    expect(await slow).toEqual(ok(2));
    await expect.poll(() => b.router.owns(onB[0]!), { timeout: 2_000 }).toBe(true);
    expect(await a.send(onB[0]!, { add: 1 })).toEqual(ok(3));
  });

  it('moves a pinned unit to its named instance when it joins, and every other unit off it', async () => {
    const { db, pool } = await freshSchema();
    for (const unitId of UNITS) await createCounter(db, unitId, 0);
    const pins = { 'counter:p3': 'hot' };
    const a = await instance(await pool(), { ...OPTIONS, instanceName: 'cold', pins });
    for (const unitId of UNITS) expect(await a.send(unitId, { add: 1 })).toEqual(ok(1));
    const hot = await instance(await pool(), { ...OPTIONS, instanceName: 'hot', pins });
    await expect.poll(() => hot.router.owns('counter:p3'), { timeout: 3_000 }).toBe(true);
    expect(UNITS.filter((unitId) => hot.router.owns(unitId))).toEqual(['counter:p3']);
    expect(await a.send('counter:p3', { add: 1 })).toEqual(ok(2));
    expect(UNITS.filter((unitId) => unitId !== 'counter:p3' && !a.router.owns(unitId))).toEqual([]);
  });
});
