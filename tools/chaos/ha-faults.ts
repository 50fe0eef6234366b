import type { MonitorNode } from '../cluster/ha-config.ts';
import type { HaPostgres } from '../cluster/ha-postgres.ts';
import type { FaultContext, Struck } from './faults.ts';
import { waitFor } from './wait.ts';

const IN_STEP_TIMEOUT_MS = 120_000;
const FAILOVER_TIMEOUT_MS = 60_000;
const REJOIN_TIMEOUT_MS = 90_000;

type NodeName = 'node1' | 'node2';

/** A primary with its synchronous standby streaming: a commit is on both nodes when it returns. */
export const inStep = (nodes: readonly MonitorNode[]): boolean =>
  nodes.some((node) => node.reportedState === 'primary' && node.goalState === 'primary') &&
  nodes.some((node) => node.reportedState === 'secondary' && node.goalState === 'secondary');

const seconds = (fromMs: number) => `${((Date.now() - fromMs) / 1000).toFixed(1)} s`;

function haOf(context: FaultContext): HaPostgres {
  if (!context.ha) throw new Error('this fault needs the run started with --ha');
  return context.ha;
}

/** The node with `role`, once the two are in step (a standby killed before that could lose writes). */
async function nodeInStep(ha: HaPostgres, role: 'primary' | 'secondary'): Promise<NodeName> {
  await waitFor(
    'the primary and its synchronous standby in step',
    () => inStep(ha.nodes()),
    IN_STEP_TIMEOUT_MS,
  );
  return ha.nodes().find((node) => node.reportedState === role)!.name as NodeName;
}

/** Kills a node's keeper and its PostgreSQL at once (kill -9 of the process group): the node is lost. */
async function killNode(ha: HaPostgres, name: NodeName): Promise<number> {
  const keeper = ha.process(name);
  const atMs = Date.now();
  keeper.signal('SIGKILL');
  await keeper.exited;
  return atMs;
}

/** Starts the lost node's keeper again and waits until the monitor has it streaming as the standby. */
function rejoin(ha: HaPostgres, name: NodeName): NonNullable<Struck['recovery']> {
  return {
    name: `${name} rejoins as the standby`,
    async run() {
      const startedMs = Date.now();
      ha.process(name).start();
      const isStandby = () =>
        ha.nodes().some((node) => node.name === name && node.reportedState === 'secondary');
      try {
        await waitFor(
          `${name} to stream as the standby`,
          () => isStandby() && inStep(ha.nodes()),
          REJOIN_TIMEOUT_MS,
        );
        return {
          ok: true,
          detail: `${name} streaming as the synchronous standby ${seconds(startedMs)} after its start`,
        };
      } catch {
        const states = ha.nodes().map((node) => `${node.name} ${node.reportedState}/${node.goalState}`);
        return { ok: false, detail: `not within ${REJOIN_TIMEOUT_MS / 1000} s: ${states.join(', ')}` };
      }
    },
  };
}

/** kill -9 of the primary node (decision 0303): the monitor promotes the standby; the old one rejoins. */
export async function killPrimary(context: FaultContext): Promise<Struck> {
  const ha = haOf(context);
  const old = await nodeInStep(ha, 'primary');
  const atMs = await killNode(ha, old);
  const promoted = await waitFor(
    'the standby to be promoted',
    () => {
      const primary = ha.primary();
      return primary && primary.name !== old ? primary.name : null;
    },
    FAILOVER_TIMEOUT_MS,
  );
  return {
    atMs,
    note: `kill -9 of ${old} (keeper and PostgreSQL); ${promoted} took writes after ${seconds(atMs)}`,
    recovery: rejoin(ha, old),
  };
}

/** kill -9 of the standby node: the primary goes on alone once the monitor stops waiting for it. */
export async function killStandby(context: FaultContext): Promise<Struck> {
  const ha = haOf(context);
  const standby = await nodeInStep(ha, 'secondary');
  const atMs = await killNode(ha, standby);
  await waitFor(
    'the primary to go on without its standby',
    () => ha.nodes().some((node) => node.reportedState === 'wait_primary'),
    FAILOVER_TIMEOUT_MS,
  );
  return {
    atMs,
    note: `kill -9 of the standby ${standby}; the primary went on alone after ${seconds(atMs)}`,
    recovery: rejoin(ha, standby),
  };
}

/** kill -9 of PgBouncer, started again at once as a process manager would. */
export async function killPgbouncer(context: FaultContext): Promise<Struck> {
  const bouncer = haOf(context).process('pgbouncer');
  const atMs = Date.now();
  bouncer.signal('SIGKILL');
  await bouncer.exited;
  bouncer.start();
  return { atMs, note: `PgBouncer killed and started again in ${Date.now() - atMs} ms` };
}
