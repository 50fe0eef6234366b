import { useCursorPages } from '@backlay/front-kit/cursor-pages';
import { betsKey, fetchBets, type BetFilters } from './api.ts';

/** How often the bet list asks for what is new while it is on screen. */
export const BETS_REFRESH_MS = 4_000;

/** The bets matching the filters, page by page, refreshed while the page is visible. */
export function useBets(filters: BetFilters, live: boolean) {
  return useCursorPages({
    queryKey: betsKey(filters),
    load: (cursor, signal) => fetchBets(filters, cursor, signal),
    refetchInterval: live ? BETS_REFRESH_MS : false,
  });
}
