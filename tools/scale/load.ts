import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BetsLoadInput, BetsLoadOutput } from '../load-clients/bets-clients.ts';
import type { LoadInput, LoadOutput } from '../load-clients/casino-wallet-clients.ts';

/**
 * The load of bench:bets and bench:casino, run by their own client scripts in a child process, aimed
 * at any address. `onMeasuring` hears the child's pid when the measured part begins, so the caller can
 * read the CPU of every process over exactly that part; `onDone` right as the figures arrive.
 */
export type LoadHooks = { onMeasuring(childPid: number): void; onDone(): void };

const BETS_CLIENTS = new URL('../load-clients/bets-clients.ts', import.meta.url);
const CASINO_CLIENTS = new URL('../load-clients/casino-wallet-clients.ts', import.meta.url);

function runChild<Input extends object, Output>(
  script: URL,
  input: Input,
  hooks: LoadHooks,
): Promise<Output> {
  const child = fork(fileURLToPath(script), { execArgv: process.execArgv });
  child.send(input);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`load clients exited with ${code}`)));
    child.on('message', (message: { measuring: true } | { done: Output }) => {
      if ('done' in message) {
        hooks.onDone();
        resolve(message.done);
      } else hooks.onMeasuring(child.pid!);
    });
  });
}

export type Target = { host: string; port: number };

export type BetsFigures = {
  betsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  refused: number;
  refusals: Record<string, number>;
};

/** Players backing and laying at one price on the hot markets, `clients` at once (bench:bets' shape). */
export async function runBetsLoad(
  target: Target,
  input: Omit<BetsLoadInput, 'port' | 'host'>,
  hooks: LoadHooks,
): Promise<BetsFigures> {
  const output = await runChild<BetsLoadInput, BetsLoadOutput>(BETS_CLIENTS, { ...input, ...target }, hooks);
  return {
    betsPerSec: Math.round(output.count / output.elapsedSeconds),
    p50Ms: output.p50Ms,
    p99Ms: output.p99Ms,
    refused: output.refused,
    refusals: output.refusals,
  };
}

export type CallbackFigures = {
  callbacksPerSec: number;
  p50Ms: number;
  p99Ms: number;
  refused: number;
  failed: number;
};

/** Signed bet-then-win rounds of the aggregator's wallet callbacks, `clients` at once (bench:casino's shape). */
export async function runCallbackLoad(
  target: Target,
  input: Omit<LoadInput, 'port' | 'host'>,
  hooks: LoadHooks,
): Promise<CallbackFigures> {
  const output = await runChild<LoadInput, LoadOutput>(CASINO_CLIENTS, { ...input, ...target }, hooks);
  return {
    callbacksPerSec: Math.round(output.count / output.elapsedSeconds),
    p50Ms: output.p50Ms,
    p99Ms: output.p99Ms,
    refused: output.refused,
    failed: output.failed,
  };
}
