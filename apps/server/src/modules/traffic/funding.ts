import { formatMinor } from '@backlay/ledger';
import { moveChips } from '../agents/index.ts';
import type { ResolvedCast } from './cast.ts';
import type { TrafficDeps } from './deps.ts';

/** Below this free balance the agent gives the player chips, … */
export const TOP_UP_BELOW_MINOR = 100_00n;
export const TOP_UP_MINOR = 500_00n;
/** … and above this it takes some back, so that chips keep going round the agent's book. */
export const TAKE_BACK_ABOVE_MINOR = 4_000_00n;
export const TAKE_BACK_MINOR = 1_500_00n;
/** Exchange bets stop while a player has this much exposed (a market settles hours later). */
export const EXCHANGE_EXPOSURE_CAP_MINOR = 600_00n;

/** What a demo player may bet from now: its free balance, and whether the exchange is still open to it. */
export type Funds = { freeMinor: bigint; exchangeOpen: boolean };

/**
 * Keeps a player's free balance in a sensible band with chips from and to its agent, through the
 * agents module's chips service (a ledger transfer with its audit entry): never money made up. Answers
 * what the player bets from; an agent out of chips leaves its balance as it was.
 */
export async function keepFunded(
  deps: TrafficDeps,
  cast: ResolvedCast,
  playerId: string,
  nowMs: number,
): Promise<Funds> {
  const balances = await deps.wallet.balances(playerId);
  const free = balances?.cashMinor ?? 0n;
  const exchangeOpen = (balances?.exposureMinor ?? 0n) < EXCHANGE_EXPOSURE_CAP_MINOR;
  const move =
    free < TOP_UP_BELOW_MINOR
      ? ({ direction: 'in', amountMinor: TOP_UP_MINOR } as const)
      : free > TAKE_BACK_ABOVE_MINOR
        ? ({ direction: 'out', amountMinor: TAKE_BACK_MINOR } as const)
        : null;
  if (!move) return { freeMinor: free, exchangeOpen };
  const chipsDeps = { db: deps.db, bus: deps.bus, wallet: deps.wallet, env: deps.env, nowMs: () => nowMs };
  const request = {
    direction: move.direction,
    amount: formatMinor(move.amountMinor),
    remark: 'demo traffic',
  };
  const moved = await moveChips(chipsDeps, cast.agent, playerId, request, cast.actor);
  if (!moved.ok) {
    deps.log?.warn({ playerId, code: moved.code }, 'demo traffic: chips not moved');
    return { freeMinor: free, exchangeOpen };
  }
  const after = move.direction === 'in' ? free + move.amountMinor : free - move.amountMinor;
  return { freeMinor: after, exchangeOpen };
}
