import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { statementResponseSchema, type StatementResponse } from '@backlay/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { statementSearchParams, type StatementParams } from '../statement-query.ts';

/** `GET /api/reports/statement`: the signed-in player's ledger rows, newest first, paged by the server. */
export function getStatement(params: StatementParams, signal?: AbortSignal): Promise<StatementResponse> {
  return apiRequest(`/api/reports/statement?${statementSearchParams(params)}`, {
    schema: statementResponseSchema,
    signal,
  });
}

export function useStatement(params: StatementParams) {
  return useQuery({
    queryKey: ['statement', params],
    queryFn: ({ signal }) => getStatement(params, signal),
    // The old page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    // A 4xx (e.g. a range over a year) will not change on retry; a network or 5xx failure may.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}
