import type { LoopWorker } from '../../platform/lifecycle.ts';
import { sleep } from '../../platform/lifecycle-workers.ts';
import type { UserRow } from '../auth/index.ts';
import { casinoRound, playCasinoRound } from './casino-round.ts';
import { resolveCast, type ResolvedCast } from './cast.ts';
import {
  DEFAULT_TRAFFIC_OPTIONS,
  inRandomOrder,
  pickOne,
  type TrafficCast,
  type TrafficDeps,
  type TrafficOptions,
  type TrafficStep,
} from './deps.ts';
import { placeExchangeBet } from './exchange-bet.ts';
import { keepFunded, type Funds } from './funding.ts';
import { placeCrashBet, placeTableBet } from './table-bets.ts';

/** The traffic's lease in `unit_leases`: one instance of a cluster bets, the others stand by. */
export const DEMO_TRAFFIC_LEASE = 'demo:traffic';

type Play = (player: UserRow, funds: Funds) => Promise<TrafficStep>;

/** The products a demo player bets on, each as likely as the others. */
function products(deps: TrafficDeps, options: TrafficOptions): Play[] {
  const casino = casinoRound(deps, options);
  const exchange: Play = (player, { freeMinor, exchangeOpen }) =>
    exchangeOpen
      ? placeExchangeBet(deps, player.id, freeMinor, options.random)
      : Promise.resolve({ product: 'exchange', placed: false, code: 'EXPOSURE_CAP' });
  const stakeOf = (player: UserRow, { freeMinor }: Funds) => ({
    playerId: player.id,
    freeMinor,
    random: options.random,
    nowMs: options.nowMs(),
  });
  return [
    exchange,
    (player, funds) => placeTableBet(deps, stakeOf(player, funds)),
    (player, funds) => placeCrashBet(deps, stakeOf(player, funds)),
    (player, funds) => playCasinoRound(casino, player, funds.freeMinor),
  ];
}

/**
 * Demo traffic as a lifecycle loop (docs/decisions/0293): every few seconds, at random, one of the demo
 * network's players places one small bet through the product's own path, after its agent topped its
 * chips up or took some back. Only the holder of the lease bets; a failure is logged and the loop goes on.
 */
export function trafficWorker(
  deps: TrafficDeps,
  cast: TrafficCast,
  given: Partial<TrafficOptions> = {},
): LoopWorker {
  const options = { ...DEFAULT_TRAFFIC_OPTIONS, ...given };
  const plays = products(deps, options);
  const pause = () =>
    options.minIntervalMs + Math.floor(options.random() * (options.maxIntervalMs - options.minIntervalMs));
  let resolved: ResolvedCast | null = null;
  const worker: LoopWorker = {
    name: 'demo-traffic',
    async run(signal) {
      try {
        while (!signal.aborted) {
          await sleep(pause(), signal);
          if (signal.aborted || !(await deps.leases.acquire(DEMO_TRAFFIC_LEASE))) continue;
          resolved ??= await resolveCast(deps.db, cast);
          if (!resolved) continue;
          const step = await oneBet(resolved).catch((error: unknown) => {
            deps.log?.warn({ err: error }, 'demo traffic: a bet failed');
            return { product: 'unknown', placed: false, code: 'FAILED' };
          });
          deps.log?.debug?.({ ...step }, 'demo traffic: a round');
          options.onStep?.(step);
        }
      } finally {
        await deps.leases.release(DEMO_TRAFFIC_LEASE).catch(() => {});
      }
    },
  };
  async function oneBet(resolvedCast: ResolvedCast): Promise<TrafficStep> {
    const player = pickOne(resolvedCast.players, options.random)!;
    const funds = await keepFunded(deps, resolvedCast, player.id, options.nowMs());
    // A product with nothing open now (a crash round in flight, no aggregator) gives way to another.
    let step: TrafficStep = { product: 'none', placed: false };
    for (const play of inRandomOrder(plays, options.random)) {
      step = await play(player, funds);
      if (step.placed) return step;
    }
    return step;
  }
  return worker;
}

/** Registers the traffic when DEMO_TRAFFIC is on; the server does this, tests when they ask for it. */
export async function startDemoTraffic(
  deps: TrafficDeps,
  cast: TrafficCast,
  options?: Partial<TrafficOptions>,
): Promise<boolean> {
  if (!deps.env.DEMO_TRAFFIC) return false;
  await deps.lifecycle.register(trafficWorker(deps, cast, options));
  return true;
}
