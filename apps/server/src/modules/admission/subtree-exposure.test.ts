import { describe, expect, it } from 'vitest';
import type { Sql } from '../../db/database.ts';
import { InProcessBus } from '../../lib/bus.ts';
import { SUBTREE_ADMITTED_TOPIC, SubtreeAnnouncements } from './subtree-announcements.ts';
import { SubtreeExposures } from './subtree-exposure.ts';

const MASTER = 'master';
const AGENT = 'agent';

/** Subtree exposures over a read that answers `rows` and counts its calls, on a clock the test moves. */
function exposuresOver(rows: { id: string; limit: bigint; exposure: bigint }[]) {
  const clock = { nowMs: 1_000_000, reads: 0 };
  const read = async () => {
    clock.reads += 1;
    return rows.map((row) => ({ id: row.id, exposure_limit_minor: row.limit, exposure_minor: row.exposure }));
  };
  return { clock, rows, subtrees: new SubtreeExposures(read, () => clock.nowMs) };
}

const SQL = {} as Sql;

describe('subtree exposures', () => {
  it('reads all limited subtrees in one statement at most once a second, adding what it admitted since', async () => {
    const { clock, rows, subtrees } = exposuresOver([{ id: MASTER, limit: 10_000n, exposure: 4_000n }]);
    expect(subtrees.isStale()).toBe(true);
    await Promise.all([subtrees.refresh(SQL), subtrees.refresh(SQL)]);
    expect(clock.reads).toBe(1);
    expect(subtrees.roomMinor([AGENT, MASTER])).toBe(6_000n);
    expect(subtrees.roomMinor([AGENT])).toBeNull();
    subtrees.admitted([MASTER], 2_500n);
    expect(subtrees.roomMinor([MASTER])).toBe(3_500n);
    clock.nowMs += 1_000;
    expect(subtrees.isStale()).toBe(false);
    // The next read includes the admitted stake once it committed.
    rows[0]!.exposure = 6_500n;
    clock.nowMs += 1;
    expect(subtrees.isStale()).toBe(true);
    await subtrees.refresh(SQL);
    expect(subtrees.roomMinor([MASTER])).toBe(3_500n);
  });

  it("counts another instance's announced stakes at once, and never its own twice", async () => {
    const bus = new InProcessBus();
    const here = exposuresOver([{ id: MASTER, limit: 10_000n, exposure: 0n }]);
    const there = exposuresOver([{ id: MASTER, limit: 10_000n, exposure: 0n }]);
    new SubtreeAnnouncements(bus, there.subtrees);
    const told = new SubtreeAnnouncements(bus, here.subtrees);
    await Promise.all([here.subtrees.refresh(SQL), there.subtrees.refresh(SQL)]);
    here.subtrees.admitted([AGENT, MASTER], 3_000n);
    told.announce([AGENT, MASTER], 3_000n);
    told.announce([MASTER], 1_000n);
    await new Promise((resolve) => setImmediate(resolve));
    expect(there.subtrees.roomMinor([MASTER])).toBe(6_000n);
    expect(here.subtrees.roomMinor([MASTER])).toBe(7_000n);
    // Garbage on the topic changes nothing.
    await bus.publish(SUBTREE_ADMITTED_TOPIC, '{"from":"x","agents":["master"],"minor":"-5"}');
    await bus.publish(SUBTREE_ADMITTED_TOPIC, 'not json');
    expect(there.subtrees.roomMinor([MASTER])).toBe(6_000n);
  });

  it('reads again at once after a limit changed, and distrusts a read that overlapped the change', async () => {
    const { clock, subtrees } = exposuresOver([{ id: MASTER, limit: 10_000n, exposure: 0n }]);
    await subtrees.refresh(SQL);
    subtrees.forget();
    expect(subtrees.isStale()).toBe(true);
    const reading = subtrees.refresh(SQL);
    subtrees.forget();
    await reading;
    expect([clock.reads, subtrees.isStale()]).toEqual([2, true]);
  });
});
