import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  casinoResultDetailSchema,
  casinoResultsResponseSchema,
  type CasinoResultDetail,
  type CasinoResultsResponse,
} from '@backlay/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export interface ResultsParams {
  /** A table id or `crash`; empty: every table. */
  table: string;
  /** `YYYY-MM-DD`, a UTC day; empty: any day. */
  date: string;
  page: number;
  pageSize: number;
}

export function resultsSearch({ table, date, page, pageSize }: ResultsParams): string {
  const params = new URLSearchParams();
  if (table !== '') params.set('table', table);
  if (date !== '') params.set('date', date);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}

/** `GET /api/casino-results?table&date&page&pageSize`: settled rounds, newest first, paged by the server. */
export function getResults(params: ResultsParams, signal?: AbortSignal): Promise<CasinoResultsResponse> {
  return apiRequest(`/api/casino-results?${resultsSearch(params)}`, {
    schema: casinoResultsResponseSchema,
    signal,
  });
}

export function useResults(params: ResultsParams) {
  return useQuery({
    queryKey: ['casino-results', params],
    queryFn: ({ signal }) => getResults(params, signal),
    placeholderData: keepPreviousData,
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}

/** `GET /api/casino-results/:roundId`: cards, result and the seeds to recompute them. */
export function getResultDetail(roundId: number, signal?: AbortSignal): Promise<CasinoResultDetail> {
  return apiRequest(`/api/casino-results/${roundId}`, { schema: casinoResultDetailSchema, signal });
}

export function useResultDetail(roundId: number | null) {
  return useQuery({
    queryKey: ['casino-result', roundId],
    queryFn: ({ signal }) => getResultDetail(roundId ?? 0, signal),
    enabled: roundId !== null,
    // A result is final once shown; only a round still running can change.
    staleTime: 10_000,
  });
}
