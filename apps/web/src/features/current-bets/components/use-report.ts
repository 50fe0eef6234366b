import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { betResponseSchema, betSchema, betsResponseSchema, type Bet } from '@backlay/contracts';
import { useSession } from '../../../lib/session.ts';
import { useStreamTopic } from '../../../lib/stream-socket.ts';
import { useCasinoBets } from '../api/get-casino-bets.ts';
import { CURRENT_BETS_QUERY_KEY, useOpenBets } from '../api/get-open-bets.ts';
import {
  applyBet,
  isOpenBet,
  casinoRow,
  filterRows,
  pageRows,
  sportsRow,
  totalAmount,
  type ReportRow,
  type SideFilter,
} from '../bet-report.ts';

export type ReportType = 'Sports' | 'Casino';

export interface ReportQuery {
  type: ReportType;
  side: SideFilter;
  search: string;
  page: number;
  pageSize: number;
}

export interface Report {
  rows: ReportRow[];
  pageCount: number;
  totals: { count: number; amount: string } | null;
  loading: boolean;
  refreshing: boolean;
  failed: boolean;
}

/** Casino searches go to the server: typing waits this long before asking. */
const SEARCH_DELAY_MS = 300;

function useDelayed<T>(value: T, delayMs: number): T {
  const [delayed, setDelayed] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDelayed(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return delayed;
}

/**
 * Open sports bets kept live by the player's bet topic: a change (`{bet}`) is folded in, the snapshot
 * (`{bets}`, also after a reconnect) replaces the list.
 */
function useLiveSportsBets(enabled: boolean) {
  const queryClient = useQueryClient();
  const userId = useSession()?.user?.id ?? null;
  useStreamTopic('bet', enabled ? userId : null, (message) => {
    const change =
      betResponseSchema.safeParse(message.data).data?.bet ?? betSchema.safeParse(message.data).data;
    const snapshot = betsResponseSchema.safeParse(message.data).data;
    if (change) {
      queryClient.setQueryData<Bet[]>(CURRENT_BETS_QUERY_KEY, (list) => applyBet(list, change));
    } else if (snapshot) {
      queryClient.setQueryData<Bet[]>(CURRENT_BETS_QUERY_KEY, snapshot.bets.filter(isOpenBet));
    }
  });
  return useOpenBets(enabled);
}

/** The rows, page count and totals of Current Bet for the chosen report type and filters. */
export function useReport(query: ReportQuery): Report {
  const sports = useLiveSportsBets(query.type === 'Sports');
  const search = useDelayed(query.search, SEARCH_DELAY_MS);
  const casino = useCasinoBets(
    { page: query.page, pageSize: query.pageSize, search },
    query.type === 'Casino',
  );

  if (query.type === 'Casino') {
    const rows = (casino.data?.items ?? []).map(casinoRow);
    const total = casino.data?.total ?? 0;
    return {
      rows,
      pageCount: Math.ceil(total / query.pageSize),
      totals: casino.data ? { count: total, amount: totalAmount(rows) } : null,
      loading: casino.isPending,
      refreshing: casino.isPlaceholderData,
      failed: casino.isError,
    };
  }
  const filtered = filterRows((sports.data ?? []).map(sportsRow), query.side, query.search);
  const paged = pageRows(filtered, query.page, query.pageSize);
  return {
    rows: paged.rows,
    pageCount: paged.pageCount,
    totals: sports.data ? { count: filtered.length, amount: totalAmount(filtered) } : null,
    loading: sports.isPending,
    refreshing: false,
    failed: sports.isError,
  };
}
