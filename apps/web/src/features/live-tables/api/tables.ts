import { useQuery } from '@tanstack/react-query';
import {
  tableBetResponseSchema,
  tableBetsResponseSchema,
  tableStateSchema,
  tablesResponseSchema,
  type PlaceTableBetBody,
  type TableBetResponse,
  type TableBetsResponse,
  type TableState,
} from '@backlay/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { betRequest, type BetCallResult } from '../../../lib/betting/index.ts';

const tablePath = (tableId: string) => `/api/tables/${encodeURIComponent(tableId)}`;

/** `GET /api/tables/:id`: the table, its markets and round, the server's time and the last results. */
export function getTable(tableId: string, signal?: AbortSignal): Promise<TableState> {
  return apiRequest(tablePath(tableId), { schema: tableStateSchema, signal });
}

export function useTable(tableId: string) {
  return useQuery({
    queryKey: ['live-table', tableId],
    queryFn: ({ signal }) => getTable(tableId, signal),
    // The stream carries every change after this; refetching would only reset the clock offset.
    staleTime: Infinity,
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
  });
}

/** `GET /api/tables/:id/bets?roundId`: the player's own bets of that round. */
export function getRoundBets(
  tableId: string,
  roundId: number,
  signal?: AbortSignal,
): Promise<TableBetsResponse> {
  return apiRequest(`${tablePath(tableId)}/bets?roundId=${roundId}`, {
    schema: tableBetsResponseSchema,
    signal,
  });
}

export const roundBetsKey = (tableId: string, roundId: number | null) => [
  'live-table-bets',
  tableId,
  roundId,
];

/** Refetched on every phase change of the round (`phase`), so settled bets show their payout. */
export function useRoundBets(tableId: string, roundId: number | null, phase: string) {
  return useQuery({
    queryKey: [...roundBetsKey(tableId, roundId), phase],
    queryFn: ({ signal }) => getRoundBets(tableId, roundId ?? 0, signal),
    enabled: roundId !== null,
    placeholderData: (previous, query) => (query?.queryKey[2] === roundId ? previous : undefined),
  });
}

/** `POST /api/tables/:id/bets`. */
export function placeTableBet(
  tableId: string,
  body: PlaceTableBetBody,
): Promise<BetCallResult<TableBetResponse>> {
  return betRequest(`${tablePath(tableId)}/bets`, { method: 'POST', body, schema: tableBetResponseSchema });
}

/** `GET /api/tables`: every in-house table as the lobby lists it. */
export function useTables() {
  return useQuery({
    queryKey: ['live-tables'],
    queryFn: ({ signal }) => apiRequest('/api/tables', { schema: tablesResponseSchema, signal }),
    staleTime: 5 * 60_000,
  });
}
