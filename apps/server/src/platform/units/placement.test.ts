import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { placeUnit } from './placement.ts';

const instances = Array.from({ length: 5 }, () => randomUUID());
const units = Array.from({ length: 10_000 }, (_, index) => `market:1.${200_000_000 + index}`);
const placeAll = (live: readonly string[]) => new Map(units.map((unit) => [unit, placeUnit(unit, live)]));

describe('rendezvous placement', () => {
  it('answers the same instance whatever the order of the list, and none for an empty list', () => {
    for (const unit of units.slice(0, 100))
      expect(placeUnit(unit, [...instances].reverse())).toBe(placeUnit(unit, instances));
    expect(placeUnit('market:1', [])).toBeUndefined();
  });

  it('spreads units evenly: each of four instances within 10 % of a quarter', () => {
    const four = instances.slice(0, 4);
    const counts = new Map<string, number>();
    for (const owner of placeAll(four).values()) counts.set(owner!, (counts.get(owner!) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...four].sort());
    for (const count of counts.values()) expect(Math.abs(count - 2_500)).toBeLessThan(250);
  });

  it('moves only the units a joining instance wins, and only a leaving instance its own', () => {
    const before = placeAll(instances.slice(0, 4));
    const joined = placeAll(instances);
    const moved = units.filter((unit) => before.get(unit) !== joined.get(unit));
    expect(moved.every((unit) => joined.get(unit) === instances[4])).toBe(true);
    expect(moved.length).toBeGreaterThan(1_500); // about a fifth
    expect(moved.length).toBeLessThan(2_500);
    const left = placeAll(instances.slice(1, 4));
    expect(
      units
        .filter((unit) => before.get(unit) !== left.get(unit))
        .every((unit) => before.get(unit) === instances[0]),
    ).toBe(true);
  });
});
