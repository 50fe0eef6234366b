import { afterEach, describe, expect, it } from 'vitest';
import { InProcessBus } from '../../lib/bus.ts';
import { Members } from './members.ts';

let nowMs = 0;
const now = () => nowMs;
const joined: Members[] = [];
afterEach(async () => {
  for (const members of joined.splice(0)) await members.leave();
});

function member(bus: InProcessBus, name: string): Members {
  const members = new Members(bus, name, 1_000, { clock: now });
  members.join();
  joined.push(members);
  return members;
}

describe('unit router members', () => {
  it('knows a newcomer and is known by it at once, and forgets one not heard for three beats', async () => {
    nowMs = 0;
    const bus = new InProcessBus();
    const a = member(bus, 'a');
    const b = member(bus, 'b');
    await Promise.resolve();
    expect(a.live()).toEqual(['a', 'b']);
    expect(b.live()).toEqual(['a', 'b']);
    nowMs = 3_001;
    expect(a.live()).toEqual(['a']);
  });

  it('counts a member steady only after it was heard for the time asked', async () => {
    nowMs = 10_000;
    const bus = new InProcessBus();
    const a = member(bus, 'a');
    member(bus, 'b');
    await Promise.resolve();
    expect(a.live(2_000)).toEqual(['a']);
    nowMs = 12_000;
    await bus.publish('units:members', JSON.stringify({ instance: 'b' }));
    expect(a.live(2_000)).toEqual(['a', 'b']);
  });

  it('drops a leaving member at once, and ignores what is not a heartbeat', async () => {
    nowMs = 0;
    const bus = new InProcessBus();
    const a = member(bus, 'a');
    const b = member(bus, 'b');
    await bus.publish('units:members', 'not json');
    await bus.publish('units:members', JSON.stringify({ who: 'c' }));
    await Promise.resolve();
    expect(a.live()).toEqual(['a', 'b']);
    await b.leave();
    expect(a.live()).toEqual(['a']);
  });
});
