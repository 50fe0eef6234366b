import { readFileSync } from 'node:fs';
import type pg from 'pg';
import type { Cluster } from '../cluster/cluster.ts';
import { cpuSplit, quietestSplit, snapshot, type CpuSplit, type Snapshot } from './cpu.ts';
import { runBetsLoad, runCallbackLoad, type LoadHooks, type Target } from './load.ts';
import { classifier } from './parts.ts';
import { AVIATOR, type Market, type Player } from './portal-setup.ts';
import type { RunFigures } from './report.ts';

export type LoadShape = {
  clients: number;
  seconds: number;
  warmupSeconds: number;
  walletSecret: string;
  /** Operations per second offered (BENCH_RATE); back to back when absent. */
  ratePerSec?: number;
};

export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function partsOf(cluster: Cluster, databaseName: string, loadPid: number) {
  return classifier({
    portals: cluster.instances.map((instance) => ({ name: instance.name, pgrp: instance.pid })),
    balancerPgrp: cluster.balancer.pid,
    casinoPgrp: cluster.casino.pid,
    loadPid,
    benchPid: process.pid,
    databaseName,
  });
}

/**
 * The cluster's CPU with no load: what the instances spend on their own (lease renewals, the feed, the
 * table and crash loops), which every figure under load includes. The quietest of `looks` looks of
 * `seconds` each, part by part (quietestSplit).
 */
export async function idleSplit(
  cluster: Cluster,
  databaseName: string,
  looks: number,
  seconds: number,
): Promise<CpuSplit> {
  const splits: CpuSplit[] = [];
  for (let look = 0; look < looks; look += 1) {
    const before = snapshot();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    splits.push(cpuSplit(before, snapshot(), partsOf(cluster, databaseName, 0)));
  }
  return quietestSplit(splits);
}

/**
 * Waits, up to `maxSeconds`, until the rest of the machine spends less than `threshold` percent of one
 * core over a two-second look, so that a run on a shared machine starts in a quiet moment if there is
 * one. Answers what the rest of the machine spent in the last look.
 */
export async function waitForQuiet(maxSeconds: number, threshold: number): Promise<number> {
  const deadline = performance.now() + maxSeconds * 1000;
  for (;;) {
    const before = snapshot();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const others = cpuSplit(before, snapshot(), (running) =>
      running.pid === process.pid ? 'bench' : undefined,
    );
    if (others.other < threshold || performance.now() >= deadline) return others.other;
  }
}

/** Hooks that read every process's CPU when the measured part begins and as it ends. */
function cpuWatch(setup: Setup): LoadHooks & { split(): CpuSplit; transactions(): Promise<number> } {
  let before: Snapshot | undefined;
  let after: Snapshot | undefined;
  let loadPid = 0;
  let committedBefore: Promise<number> = Promise.resolve(0);
  let committedAfter: Promise<number> = Promise.resolve(0);
  return {
    onMeasuring(childPid) {
      loadPid = childPid;
      before = snapshot();
      committedBefore = setup.committed();
    },
    onDone() {
      after = snapshot();
      committedAfter = setup.committed();
    },
    split() {
      if (!before || !after) throw new Error('the load never reported its measured part');
      return cpuSplit(before, after, partsOf(setup.cluster, setup.databaseName, loadPid));
    },
    async transactions() {
      return (await committedAfter) - (await committedBefore);
    },
  };
}

/**
 * Transactions committed in the run's database so far (`pg_stat_database`, which backends report about
 * once a second): over a run, how many each bet or callback took, which shows how well the group
 * commits batch.
 */
export async function committedTransactions(client: pg.Client, databaseName: string): Promise<number> {
  const result = await client.query<{ commits: string }>(
    'SELECT xact_commit::text AS commits FROM pg_stat_database WHERE datname = $1',
    [databaseName],
  );
  return Number(result.rows[0]?.commits ?? 0);
}

/** Transactions per operation, to two decimals. */
const perOperation = (transactions: number, perSec: number, seconds: number) =>
  Math.round((transactions / Math.max(1, perSec * seconds)) * 100) / 100;

export type Setup = {
  cluster: Cluster;
  databaseName: string;
  players: readonly Player[];
  markets: readonly Market[];
  /** `committedTransactions` of the run's database. */
  committed(): Promise<number>;
};

/** bench:bets' load at `target`, with the CPU split of its measured part. */
export async function measureBets(setup: Setup, target: Target, shape: LoadShape): Promise<RunFigures> {
  const watch = cpuWatch(setup);
  const figures = await runBetsLoad(
    target,
    {
      tokens: setup.players.map((player) => player.token),
      markets: setup.markets.map((market) => ({ id: market.id, runnerId: market.runners[0]!.id })),
      clients: shape.clients,
      seconds: shape.seconds,
      warmupSeconds: shape.warmupSeconds,
      ...(shape.ratePerSec ? { ratePerSec: shape.ratePerSec } : {}),
    },
    watch,
  );
  if (figures.refused > 0) console.log(`  bets refused: ${JSON.stringify(figures.refusals)}`);
  return {
    perSec: figures.betsPerSec,
    p99Ms: figures.p99Ms,
    refused: figures.refused,
    cpu: watch.split(),
    transactionsPerOperation: perOperation(await watch.transactions(), figures.betsPerSec, shape.seconds),
  };
}

/** bench:casino's load at `target`, with the CPU split of its measured part. */
export async function measureCallbacks(
  setup: Setup,
  target: Target,
  shape: LoadShape,
  runTag: string,
): Promise<RunFigures> {
  const watch = cpuWatch(setup);
  const figures = await runCallbackLoad(
    target,
    {
      secret: shape.walletSecret,
      tokens: setup.players.map((player) => player.casinoToken),
      gameId: AVIATOR,
      clients: shape.clients,
      seconds: shape.seconds,
      warmupSeconds: shape.warmupSeconds,
      runTag,
      ...(shape.ratePerSec ? { ratePerSec: shape.ratePerSec } : {}),
    },
    watch,
  );
  if (figures.refused + figures.failed > 0) {
    console.log(`  callbacks refused ${figures.refused}, failed ${figures.failed}`);
  }
  return {
    perSec: figures.callbacksPerSec,
    p99Ms: figures.p99Ms,
    refused: figures.refused + figures.failed,
    cpu: watch.split(),
    transactionsPerOperation: perOperation(
      await watch.transactions(),
      figures.callbacksPerSec,
      shape.seconds,
    ),
  };
}
