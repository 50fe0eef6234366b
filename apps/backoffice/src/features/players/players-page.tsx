import { Pager } from '@backlay/front-kit/pager';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ListPage } from '../../components/list-page.tsx';
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
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(String(new FormData(event.currentTarget).get('search') ?? ''));
    setPage(1);
  };

  return (
    <ListPage
      title="Players"
      csv={{ name: 'players' }}
      filters={
        <form className="filters" role="search" onSubmit={submit}>
          <label className="field">
            <span className="field-label">Search by email, id or name</span>
            <input name="search" type="search" defaultValue={search} maxLength={100} />
          </label>
          <button type="submit" className="btn btn-secondary">
            Search
          </button>
        </form>
      }
      error={query.error}
      label="Players"
      columns={PLAYER_COLUMNS}
      rows={query.data?.items ?? []}
      rowKey={(player) => player.id}
      loading={query.isPending}
      emptyText="No players match."
      footer={
        <Pager
          page={page}
          pageCount={pages}
          onPage={setPage}
          label="Players pages"
          detail={`${total} players`}
        />
      }
    />
  );
}
