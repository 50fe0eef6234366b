import type { Bet } from '@backlay/contracts';
import { formatMoney } from '@backlay/front-kit/money';
import { cellPrice } from './odds.ts';

/** Statuses of a bet still on an unsettled market: it stays in My Bet. */
const OPEN_STATUSES = new Set<Bet['status']>(['MATCHED', 'UNMATCHED', 'PARTIALLY_MATCHED']);

export const isOpenBet = (bet: Pick<Bet, 'status'>): boolean => OPEN_STATUSES.has(bet.status);

/**
 * Folds a bet (from the bet stream or a placement's answer) into the open list: replaced in place,
 * added first when new, removed once it is no longer open.
 */
export function upsertOpenBet(list: readonly Bet[] | undefined, bet: Bet): Bet[] {
  const rest = (list ?? []).filter((existing) => existing.id !== bet.id);
  if (!isOpenBet(bet)) return rest;
  const index = (list ?? []).findIndex((existing) => existing.id === bet.id);
  if (index === -1) return [bet, ...rest];
  return [...rest.slice(0, index), bet, ...rest.slice(index)];
}

/** A market id is `<event id>.<kind>` (`<event id>/<kind>` before 0226): the bets on one event's markets. */
export function betsOfEvent(bets: readonly Bet[], eventId: string): Bet[] {
  return bets.filter(
    (bet) => bet.marketId.startsWith(`${eventId}.`) || bet.marketId.startsWith(`${eventId}/`),
  );
}

const isZero = (amount: string) => /^-?0+(\.0+)?$/.test(amount);

export const hasMatched = (bet: Pick<Bet, 'matched'>): boolean => !isZero(bet.matched);
export const hasUnmatched = (bet: Pick<Bet, 'unmatched'>): boolean => !isZero(bet.unmatched);

/** Markets on which the player has matched money: each can be cashed out. */
export function marketsWithMatched(bets: readonly Bet[]): string[] {
  return [...new Set(bets.filter(hasMatched).map((bet) => bet.marketId))];
}

/** What the player reads once a bet is placed: how much matched and how much waits. */
export function placedText(bet: Bet, runnerName: string, locale?: string): string {
  const side = bet.side === 'BACK' ? 'Back' : 'Lay';
  const parts: string[] = [];
  if (hasMatched(bet)) parts.push(`${formatMoney(bet.matched, locale)} matched`);
  if (hasUnmatched(bet)) parts.push(`${formatMoney(bet.unmatched, locale)} unmatched`);
  if (parts.length === 0) parts.push('nothing left open');
  return `${side} ${runnerName} at ${cellPrice(bet.price)}, stake ${formatMoney(bet.stake, locale)}: ${parts.join(', ')}`;
}
