import { describe, expect, it } from 'vitest';
import type { Bus } from '../../lib/bus.ts';
import { BusOutbox, readItems } from './bus-outbox.ts';

function recordingBus(batchBytes?: number, failing = false) {
  const published: { topic: string; message: string }[] = [];
  const bus: Bus = {
    batchBytes,
    async publish(topic, message) {
      if (failing) throw new Error('bus down');
      published.push({ topic, message });
    },
    subscribe: () => () => {},
    close: async () => {},
  };
  return { bus, published };
}

const item = (n: number) => JSON.stringify({ n, pad: 'x'.repeat(20) });

describe('BusOutbox', () => {
  it('sends one turn’s items for a topic as one message, in order, and a lone item as itself', async () => {
    const { bus, published } = recordingBus();
    const outbox = new BusOutbox(bus);
    await Promise.all([outbox.send('a', item(1)), outbox.send('b', item(9)), outbox.send('a', item(2))]);
    await outbox.send('a', item(3));
    expect(published.map((p) => p.topic)).toEqual(['a', 'b', 'a']);
    expect(readItems(published[0]!.message)).toEqual([JSON.parse(item(1)), JSON.parse(item(2))]);
    expect(published[1]!.message).toBe(item(9));
    expect(published[2]!.message).toBe(item(3));
  });

  it('cuts a batch at the bus’s size and keeps the order across the cut', async () => {
    const { bus, published } = recordingBus(100);
    const outbox = new BusOutbox(bus);
    await Promise.all([1, 2, 3, 4, 5].map((n) => outbox.send('a', item(n))));
    expect(published.length).toBeGreaterThan(1);
    expect(published.every((p) => Buffer.byteLength(p.message) <= 100)).toBe(true);
    expect(published.flatMap((p) => readItems(p.message))).toEqual(
      [1, 2, 3, 4, 5].map((n) => JSON.parse(item(n))),
    );
  });

  it('rejects every item of a batch the bus did not take', async () => {
    const { bus } = recordingBus(undefined, true);
    const outbox = new BusOutbox(bus);
    const sent = [outbox.send('a', item(1)), outbox.send('a', item(2))];
    for (const one of sent) await expect(one).rejects.toThrow('bus down');
  });

  it('reads nothing from a message that is not JSON', () => {
    expect(readItems('{not json')).toEqual([]);
  });
});
