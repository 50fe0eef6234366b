import type { ReadReplica } from '@backlay/contracts';

const milliseconds = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const seconds = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/**
 * The dashboard's tile for where statements, bet histories and reports read (docs/decisions/0308):
 * how far the standby is behind the primary, or why there is no figure.
 */
export function readReplicaFact(replica: ReadReplica): [string, string] {
  if (!replica.configured) return ['Read replica', 'Not configured'];
  if (!replica.reachable) return ['Read replica', 'Unreachable'];
  if (!replica.standby) return ['Read replica', 'Reads from the primary'];
  if (replica.lagMs === null) return ['Read replica lag', 'Nothing replayed yet'];
  const lag =
    replica.lagMs < 10_000
      ? `${milliseconds.format(replica.lagMs)} ms`
      : `${seconds.format(replica.lagMs / 1_000)} s`;
  return ['Read replica lag', lag];
}
