import type { StatementType } from '@backlay/contracts';
import type { PageSize } from '../../components/table/page-size-select.tsx';

/** The report types in the order of the select, with the labels the player sees. */
export const STATEMENT_TYPE_OPTIONS: readonly { value: StatementType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'deposit_withdraw', label: 'Deposit/Withdraw' },
  { value: 'sports', label: 'Sports' },
  { value: 'casino', label: 'Casino' },
];

/** The server's limit on `search` (`statementQuerySchema`). */
export const STATEMENT_SEARCH_MAX_LENGTH = 100;

/** Everything one statement request depends on; also the query key. */
export interface StatementParams {
  /** Inclusive `YYYY-MM-DD` dates. */
  from: string;
  to: string;
  type: StatementType;
  search: string;
  page: number;
  pageSize: PageSize;
  /** The browser's `getTimezoneOffset()`, so the dates mean the player's own days. */
  tzOffsetMinutes: number;
}

/** The query string of `GET /api/reports/statement`; a blank search is left out rather than sent empty. */
export function statementSearchParams(params: StatementParams): string {
  const query = new URLSearchParams({ from: params.from, to: params.to, type: params.type });
  const search = params.search.trim().slice(0, STATEMENT_SEARCH_MAX_LENGTH);
  if (search !== '') query.set('search', search);
  query.set('page', String(params.page));
  query.set('pageSize', String(params.pageSize));
  query.set('tzOffsetMinutes', String(params.tzOffsetMinutes));
  return query.toString();
}

/** Pages needed for `total` rows; 0 when there are none, so the pager shows no "Page 1 of 0". */
export function pageCount(total: number, pageSize: number): number {
  return total > 0 ? Math.ceil(total / pageSize) : 0;
}

/** True when both describe the same request, so Submit refetches instead of changing nothing. */
export function sameParams(a: StatementParams, b: StatementParams): boolean {
  return (Object.keys(a) as (keyof StatementParams)[]).every((key) => a[key] === b[key]);
}
