import { describe, expect, it } from 'vitest';
import { leaseLine, OwnerNames } from './leases.ts';
import { playerAddress } from './portal-setup.ts';
import { costPerOperation, cpuLine, limitHint, table, type Row } from './report.ts';

const cpu = {
  parts: { 'portal-2': 58, 'portal-1': 62, postgres: 45, haproxy: 20, load: 38, redis: 3, bench: 0 },
  other: 12,
  machineBusyPercent: 97,
};

describe('the scale report', () => {
  it('sums the portals, lists each, and leaves out parts that spent nothing', () => {
    expect(cpuLine(cpu)).toBe(
      'portals 120 (62+58) · pg 45 · haproxy 20 · load 38 · redis 3 · other 12 · busy 97%',
    );
    expect(cpuLine({ parts: { 'portal-1': 90 }, other: 0, machineBusyPercent: 50 })).toBe(
      'portal 90 · other 0 · busy 50%',
    );
  });

  it('prints a row per configuration, and a failed one with its reason', () => {
    const rows: Row[] = [
      {
        configuration: '2 unpinned',
        loadAverage: '1.00 1.00 1.00',
        bets: { perSec: 3000, p99Ms: 40.5, refused: 0, cpu },
        callbacks: { perSec: 4000, p99Ms: 20, refused: 0, cpu },
      },
      {
        configuration: '4 pinned',
        loadAverage: '1 1 1',
        bets: null,
        callbacks: null,
        error: 'over its budget',
      },
    ];
    const lines = table(rows).split('\n');
    expect(lines[0]).toMatch(
      /^configuration \| bets\/s \| bet p99 ms \| callbacks\/s \| callback p99 ms \| CPU split/,
    );
    expect(lines[2]).toMatch(/^2 unpinned +\| 3000 +\| 40\.5 +\| 4000 +\| 20 +\| portals 120/);
    expect(lines[3]).toMatch(/^4 pinned +\| - .*failed: over its budget$/);
  });

  it('names owners by letter in the order first seen and groups leases by kind', () => {
    const names = new OwnerNames();
    expect([names.name('uuid-2'), names.name('uuid-1'), names.name('uuid-2')]).toEqual(['A', 'B', 'A']);
    expect(
      leaseLine([
        { kind: 'crash', owner: 'A', units: 1 },
        { kind: 'market', owner: 'A', units: 300 },
        { kind: 'market', owner: 'B', units: 234 },
      ]),
    ).toBe('crash A:1, market A:300 B:234');
    expect(leaseLine([])).toBe('none');
  });

  it('gives every player an address of its own', () => {
    expect(playerAddress(0)).toBe('10.0.0.0');
    expect(playerAddress(300)).toBe('10.0.1.44');
  });

  it('says what bounds a run: a full machine, one portal at a whole core, or waiting', () => {
    expect(limitHint(cpu)).toBe('cores full, most to portals');
    expect(limitHint({ ...cpu, parts: { ...cpu.parts, postgres: 130 } })).toBe(
      'cores full, most to postgres',
    );
    expect(limitHint({ parts: { 'portal-1': 30 }, other: 150, machineBusyPercent: 95 })).toBe(
      'cores full, most to others',
    );
    expect(limitHint({ parts: { 'portal-1': 95, postgres: 40 }, other: 5, machineBusyPercent: 70 })).toBe(
      'portal-1 at a whole core',
    );
    expect(limitHint({ parts: { 'portal-1': 40, postgres: 90 }, other: 5, machineBusyPercent: 70 })).toBe(
      'no core full: waits',
    );
  });

  it('prices one operation in CPU microseconds per part, over what the part spends idle', () => {
    const idle = { parts: { 'portal-1': 2, 'portal-2': 2, postgres: 5 }, other: 0, machineBusyPercent: 5 };
    // 120% of a core less 4% idle is 1.16 core-seconds per second: 387 µs for each of 3,000 bets.
    expect(costPerOperation({ perSec: 3000, p99Ms: 10, refused: 0, cpu }, idle)).toEqual({
      portals: 387,
      postgres: 133,
      haproxy: 67,
      redis: 10,
      load: 127,
    });
  });
});
