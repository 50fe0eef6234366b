import { afterEach, describe, expect, it } from 'vitest';
import { InProcessBus } from '../../lib/bus.ts';
import { LocalLeases } from './leases.ts';
import { Replies } from './replies.ts';
import { DEFAULT_UNIT_ROUTER_OPTIONS } from './types.ts';
import { UnitPlacement } from './unit-placement.ts';

const joined: UnitPlacement[] = [];
afterEach(async () => {
  for (const placement of joined.splice(0)) await placement.leave();
});

function placement(
  bus: InProcessBus,
  instanceId: string,
  named: { instanceName?: string; pins?: Record<string, string> } = {},
): UnitPlacement {
  const options = { ...DEFAULT_UNIT_ROUTER_OPTIONS, ...named };
  const leases = new LocalLeases(instanceId);
  const made = new UnitPlacement({ bus, leases, replies: new Replies(bus), instanceId, options });
  made.join();
  joined.push(made);
  return made;
}

const units = Array.from({ length: 50 }, (_, index) => `market:${index}`);

describe('unit placement', () => {
  it('places on every member heard on the bus that beats on the same database', async () => {
    const bus = new InProcessBus();
    const a = placement(bus, 'a');
    placement(bus, 'b');
    await Promise.resolve();
    a.beaten(['a', 'b']);
    expect(new Set(units.map((unit) => a.placedOn(unit)))).toEqual(new Set(['a', 'b']));
  });

  it('never places on an instance of another deployment sharing the bus', async () => {
    const bus = new InProcessBus();
    const a = placement(bus, 'a');
    placement(bus, 'foreign');
    await Promise.resolve();
    a.beaten(['a']); // the foreign instance beats on its own database
    expect(new Set(units.map((unit) => a.placedOn(unit)))).toEqual(new Set(['a']));
  });

  it('runs a pinned unit on its named instance, which takes no other unit, and elsewhere while it is away', async () => {
    const bus = new InProcessBus();
    const pins = { 'market:7': 'hot' };
    const a = placement(bus, 'a', { instanceName: 'portal-a', pins });
    placement(bus, 'b', { instanceName: 'portal-b', pins });
    await Promise.resolve();
    a.beaten(['a', 'b']);
    expect(a.placedOn('market:7')).not.toBe('c'); // its instance is not there yet: placed by hash
    const c = placement(bus, 'c', { instanceName: 'hot', pins });
    await Promise.resolve();
    a.beaten(['a', 'b', 'c']);
    expect(a.placedOn('market:7')).toBe('c');
    expect(c.placedOn('market:7')).toBe('c');
    const others = units.filter((unit) => unit !== 'market:7');
    expect(new Set(others.map((unit) => a.placedOn(unit)))).toEqual(new Set(['a', 'b']));
  });
});
