import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CsvButton } from '@backlay/front-kit/csv-button';
import { DataTable } from '@backlay/front-kit/data-table';
import { ErrorNote } from '../../components/notice.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { fetchPlayers, PAGE_SIZE, playersKey } from './api.ts';
import { PLAYER_COLUMNS } from './player-columns.tsx';

export default function PlayersPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...playersKey, search, page],
    queryFn: ({ signal }) => fetchPlayers(search, page, signal),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(String(new FormData(event.currentTarget).get('search') ?? ''));
    setPage(1);
  };

  return (
    <section className="page">
      <PageHead title="Players">
        <CsvButton name="players" columns={PLAYER_COLUMNS} rows={rows} />
      </PageHead>
      <form className="filters" role="search" onSubmit={submit}>
        <label className="field">
          <span className="field-label">Search by email, id or name</span>
          <input name="search" type="search" defaultValue={search} maxLength={100} />
        </label>
        <button type="submit" className="btn btn-secondary">
          Search
        </button>
      </form>
      <ErrorNote error={query.error} />
      <DataTable
        label="Players"
        columns={PLAYER_COLUMNS}
        rows={rows}
        rowKey={(player) => player.id}
        loading={query.isPending}
        emptyText="No players match."
      />
      <nav className="pager" aria-label="Players pages">
        <button
          type="button"
          className="btn btn-ghost"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        >
          Previous
        </button>
        <span className="note">
          Page {page} of {pages} · {query.data?.total ?? 0} players
        </span>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        >
          Next
        </button>
      </nav>
    </section>
  );
}
