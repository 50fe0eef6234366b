import { describe, expect, it } from 'vitest';
import { parseSizes, pinnedCpus, scaleConfigurations } from './configurations.ts';

describe('scale configurations', () => {
  it('gives each instance a core of its own while there are enough', () => {
    expect(pinnedCpus(4, 8)).toEqual(['0', '1', '2', '3']);
  });

  it('puts instances two to a core when there are twice as many as cores', () => {
    expect(pinnedCpus(4, 2)).toEqual(['0', '1', '0', '1']);
  });

  it('runs every size unpinned, then pinned, and says when instances share a core', () => {
    const configurations = scaleConfigurations([1, 2, 4], 2);
    expect(configurations.map((config) => config.name)).toEqual([
      '1 unpinned',
      '2 unpinned',
      '4 unpinned',
      '1 pinned',
      '2 pinned',
      '4 pinned (2 per core)',
    ]);
    expect(configurations.filter((config) => config.direct).map((config) => config.name)).toEqual([
      '1 unpinned',
    ]);
    expect(configurations[0]?.cpus).toBeUndefined();
    // Explicitly: the cluster's own default keeps players on one instance.
    for (const config of configurations) expect(config.balance).toBe('leastconn');
    expect(configurations[5]?.cpus).toEqual(['0', '1', '0', '1']);
  });

  it('adds the largest cluster once more with each player on one instance when asked', () => {
    const last = scaleConfigurations([1, 2, 4], 2, true).at(-1);
    expect(last).toEqual({
      name: '4 unpinned, by player',
      size: 4,
      direct: false,
      balance: 'player',
    });
    expect(scaleConfigurations([1], 2, true)).toHaveLength(2);
  });

  it('refuses sizes that are not whole numbers from 1 to 16', () => {
    expect(parseSizes('1, 2,4')).toEqual([1, 2, 4]);
    expect(() => parseSizes('0,2')).toThrow(/BENCH_SIZES/);
    expect(() => parseSizes('two')).toThrow(/BENCH_SIZES/);
  });
});
