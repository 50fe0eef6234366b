/** One cluster the scale bench starts: how many portal instances, and whether each is held to one core. */
export type ScaleConfiguration = {
  name: string;
  size: number;
  /** `taskset -c` list per instance; absent: the scheduler places them. */
  cpus?: string[];
  /** Also run the load straight at the first instance, past the balancer (prices HAProxy). */
  direct: boolean;
  /**
   * How the balancer picks an instance (tools/cluster/haproxy-config.ts): the sizes' rows spread every
   * request by least connections, which the figures since the first were measured with; the last keeps
   * each player on one instance, the cluster's default.
   */
  balance: 'leastconn' | 'player';
};

/**
 * Instance i on core i modulo the cores there are: one core each while there are enough, else two
 * (or more) instances share a core, which the configuration's name says.
 */
export function pinnedCpus(size: number, cores: number): string[] {
  return Array.from({ length: size }, (_, index) => String(index % cores));
}

function pinnedName(size: number, cores: number): string {
  const perCore = Math.ceil(size / cores);
  return perCore > 1 ? `${size} pinned (${perCore} per core)` : `${size} pinned`;
}

/**
 * Every size unpinned, then every size pinned, by least connections; the smallest unpinned cluster also
 * takes the run past the balancer, so both runs of that pair see the same instance and database. With
 * `affinity`, last, the largest size unpinned once more with each player kept on one instance.
 */
export function scaleConfigurations(
  sizes: readonly number[],
  cores: number,
  affinity = false,
): ScaleConfiguration[] {
  const smallest = Math.min(...sizes);
  const leastconn = 'leastconn' as const;
  const unpinned = sizes.map((size) => ({
    name: `${size} unpinned`,
    size,
    direct: size === smallest,
    balance: leastconn,
  }));
  const pinned = sizes.map((size) => ({
    name: pinnedName(size, cores),
    size,
    cpus: pinnedCpus(size, cores),
    direct: false,
    balance: leastconn,
  }));
  const largest = Math.max(...sizes);
  const byPlayer =
    affinity && largest > 1
      ? [{ name: `${largest} unpinned, by player`, size: largest, direct: false, balance: 'player' as const }]
      : [];
  return [...unpinned, ...pinned, ...byPlayer];
}

/** BENCH_SIZES, e.g. `1,2,4`: whole numbers from 1 to 16. */
export function parseSizes(text: string): number[] {
  const sizes = text.split(',').map((part) => Number(part.trim()));
  if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size < 1 || size > 16)) {
    throw new Error(`BENCH_SIZES must be whole numbers from 1 to 16, comma-separated, not ${text}`);
  }
  return sizes;
}
