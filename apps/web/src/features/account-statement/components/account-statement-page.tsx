import { useCallback, useState, type FormEvent } from 'react';
import { PageSizeSelect } from '../../../components/table/page-size-select.tsx';
import { Pager } from '@backlay/front-kit/pager';
import { ApiError } from '../../../lib/api-client.ts';
import { isValidRange, lastDaysRange } from '../../../lib/dates.ts';
import { useStatement } from '../api/get-statement.ts';
import { pageCount, sameParams, type StatementParams } from '../statement-query.ts';
import { StatementFilters, type StatementFilterValues } from './statement-filters.tsx';
import { StatementSearch } from './statement-search.tsx';
import { StatementTable } from './statement-table.tsx';
import '../../../components/table/report-toolbar.css';

export const STATEMENT_LOAD_FAILED_TEXT = 'The statement could not be loaded. Please try again.';

function initialParams(): StatementParams {
  const now = new Date();
  return {
    ...lastDaysRange(now),
    type: 'all',
    search: '',
    page: 1,
    pageSize: 10,
    tzOffsetMinutes: now.getTimezoneOffset(),
  };
}

/** The server's message for a rejected request (e.g. a 400 for a bad range), a generic text otherwise. */
function errorText(error: Error): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : STATEMENT_LOAD_FAILED_TEXT;
}

/**
 * The form holds draft filters; `params` is what was last applied. Submit applies the form, while page
 * size and search apply on their own. Every change except paging starts again at page 1.
 */
export function AccountStatementPage() {
  const [params, setParams] = useState<StatementParams>(initialParams);
  const [draft, setDraft] = useState<StatementFilterValues>(() => ({
    from: params.from,
    to: params.to,
    type: params.type,
  }));
  const [rangeError, setRangeError] = useState(false);
  const query = useStatement(params);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = isValidRange(draft.from, draft.to);
    setRangeError(!valid);
    if (!valid) return;
    const next = { ...params, ...draft, page: 1 };
    // Submitting unchanged filters still asks again: the player expects fresh rows (e.g. after a deposit).
    if (sameParams(next, params)) void query.refetch();
    else setParams(next);
  };

  const onSearch = useCallback((text: string) => {
    const search = text.trim();
    setParams((current) => (current.search === search ? current : { ...current, search, page: 1 }));
  }, []);

  const data = query.data;
  return (
    <section className="page" data-testid="account-statement">
      <h1 className="page-title">Account Statement</h1>
      <StatementFilters values={draft} onChange={setDraft} onSubmit={onSubmit} rangeError={rangeError} />
      <div className="panel">
        <div className="report-bar">
          <PageSizeSelect
            value={params.pageSize}
            onChange={(pageSize) => setParams({ ...params, pageSize, page: 1 })}
          />
          <StatementSearch onSearch={onSearch} />
        </div>
        {query.isError ? (
          <p className="error-text report-error" role="alert" data-testid="report-error">
            {errorText(query.error)}
          </p>
        ) : (
          <StatementTable
            rows={data?.items ?? []}
            loading={query.isPending}
            refreshing={query.isPlaceholderData || (query.isFetching && !query.isPending)}
          />
        )}
        <Pager
          page={params.page}
          pageCount={query.isError ? 0 : pageCount(data?.total ?? 0, params.pageSize)}
          onPage={(page) => setParams({ ...params, page })}
        />
      </div>
    </section>
  );
}
