import { describe, expect, it } from 'vitest';
import { InProcessBus } from './bus.ts';

describe('InProcessBus', () => {
  it('delivers to every subscriber of a topic until it unsubscribes, and isolates a throwing one', async () => {
    const bus = new InProcessBus();
    const seen: string[] = [];
    bus.subscribe('t', () => {
      throw new Error('broken subscriber');
    });
    const stop = bus.subscribe('t', (message) => seen.push(`a:${message}`));
    bus.subscribe('other', (message) => seen.push(`b:${message}`));
    await bus.publish('t', '1');
    stop();
    await bus.publish('t', '2');
    expect(seen).toEqual(['a:1']);
    await bus.close();
  });
});
