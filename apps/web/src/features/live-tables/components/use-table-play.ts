import { useState } from 'react';
import type { TableMarket } from '@backlay/contracts';
import { useRoundBets } from '../api/tables.ts';
import { isBettingOpen } from '../live-table-state.ts';
import { useLiveTable } from '../use-live-table.ts';
import { useNow } from '../use-now.ts';
import { SLIP_STAKE_ID } from './bet-slip-panel.tsx';

/** Everything a table screen needs: the live table, the clock, the chosen market and the round's bets. */
export function useTablePlay(tableId: string) {
  const { live, error } = useLiveTable(tableId);
  const nowMs = useNow(250);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const round = live?.round ?? null;
  const bets = useRoundBets(tableId, round?.id ?? null, round?.status ?? '');
  const market: TableMarket | null = live?.markets.find((candidate) => candidate.id === selectedId) ?? null;
  return {
    live,
    error,
    nowMs,
    round,
    market,
    select: (chosen: TableMarket) => {
      setSelectedId(chosen.id);
      // The stake is what comes next; on a phone this also brings the slip below the markets into view.
      document.getElementById(SLIP_STAKE_ID)?.focus();
    },
    bettingOpen: live ? isBettingOpen(live, nowMs) : false,
    bets: bets.data?.bets ?? [],
    betsLoading: bets.isPending && round !== null,
  };
}
