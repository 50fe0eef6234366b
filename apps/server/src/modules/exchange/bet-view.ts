import type { Bet } from '@backlay/contracts';
import { priceHundredthsOfTick } from '@backlay/exchange';
import { formatMinor } from '@backlay/ledger';
import { remainingMinor } from './market-unit.ts';
import type { BetState } from './types.ts';

export type BetNames = { eventName: string; marketName: string; runnerName: string };

/** A bet as the API shows it. The average price is rounded down to a hundredth (integer division). */
export function betView(bet: BetState, names?: BetNames): Bet {
  const open = bet.status === 'UNMATCHED' || bet.status === 'PARTIALLY_MATCHED';
  return {
    id: bet.id,
    marketId: bet.marketId,
    runnerId: bet.runnerId,
    side: bet.side,
    price: priceHundredthsOfTick(bet.priceTick) / 100,
    stake: formatMinor(bet.stakeMinor),
    matched: formatMinor(bet.matchedMinor),
    unmatched: formatMinor(open ? remainingMinor(bet) : 0n),
    avgPrice: bet.matchedMinor > 0n ? Number(bet.matchedValue / bet.matchedMinor) / 100 : null,
    status: bet.status,
    placedAt: bet.placedAt,
    persistence: bet.persistence,
    profit: bet.profitMinor === null ? null : formatMinor(bet.profitMinor),
    ...(bet.voidedMinor ? { voided: formatMinor(bet.voidedMinor) } : {}),
    ...(names ?? {}),
  };
}
