import { afterAll, describe, expect, it } from 'vitest';
import { RedisBus } from './bus.ts';

/** Two clusters on one Redis (REDIS_PREFIX): each hears its own instances only. Needs the local Redis. */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const buses: RedisBus[] = [];
const busOf = (prefix: string) => {
  const bus = new RedisBus(REDIS_URL, prefix);
  buses.push(bus);
  return bus;
};

afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
});

describe('RedisBus with a prefix', () => {
  it('delivers between buses of one prefix and never across prefixes', async () => {
    const tag = `t${process.pid}-${Date.now()}`;
    const [east, eastPeer, west] = [busOf(`${tag}-east:`), busOf(`${tag}-east:`), busOf(`${tag}-west:`)];
    const heard: string[] = [];
    eastPeer.subscribe('settled', (message) => heard.push(`east:${message}`));
    west.subscribe('settled', (message) => heard.push(`west:${message}`));
    await Promise.all([eastPeer.ready(), west.ready()]);
    await east.publish('settled', 'm1');
    await west.publish('settled', 'm2');
    await expect.poll(() => heard.sort(), { timeout: 5_000 }).toEqual(['east:m1', 'west:m2']);
  });
});
