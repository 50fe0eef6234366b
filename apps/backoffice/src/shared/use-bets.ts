import { useInfiniteQuery } from '@tanstack/react-query';
import { betsKey, fetchBets, type BetFilters } from './bets-api.ts';

/** How often the bet list asks for what is new while it is on screen. */
export const BETS_REFRESH_MS = 4_000;

/** The bets matching the filters, page by page, refreshed while the page is visible. */
export function useBets(filters: BetFilters, live: boolean) {
  const query = useInfiniteQuery({
    queryKey: betsKey(filters),
    queryFn: ({ pageParam, signal }) => fetchBets(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    refetchInterval: live ? BETS_REFRESH_MS : false,
  });
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { query, rows };
}
