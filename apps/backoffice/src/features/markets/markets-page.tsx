import { marketStatusSchema, type AdminMarket } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useCursorPages } from '@backlay/front-kit/cursor-pages';
import type { Column } from '@backlay/front-kit/data-table';
import { ListPage } from '../../components/list-page.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useMay } from '../../lib/permissions.ts';
import { paths } from '../../paths.ts';
import { fetchMarkets, fetchSports, type MarketFilters } from './api.ts';

const COLUMNS: readonly Column<AdminMarket>[] = [
  {
    header: 'Event',
    text: (market) => market.eventName,
    cell: (market) => <Link to={paths.market(market.id)}>{market.eventName}</Link>,
  },
  { header: 'Market', text: (market) => market.name },
  { header: 'Sport', text: (market) => market.sport },
  { header: 'Starts', text: (market) => formatDateTime(market.startTime) },
  { header: 'Status', text: (market) => (market.inPlay ? `${market.status}, in play` : market.status) },
  { header: 'Matched', text: (market) => market.matched, align: 'right' },
  { header: 'Outcome', text: (market) => market.outcome?.winner ?? market.outcome?.kind ?? '' },
  { header: 'Source', text: (market) => (market.custom ? 'operator' : 'feed') },
];

/** Every exchange market, the feed's and the operator's, in any state. */
export default function MarketsPage() {
  const mayTrade = useMay('trading');
  const [filters, setFilters] = useState<MarketFilters>({});
  const sports = useQuery({ queryKey: ['sports'], queryFn: ({ signal }) => fetchSports(signal) });
  const { query, rows, more } = useCursorPages({
    queryKey: ['markets', filters],
    load: (cursor, signal) => fetchMarkets(filters, cursor, signal),
    refetchInterval: 10_000,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setFilters({ sport: text('sport'), status: text('status'), q: text('q') });
  };

  return (
    <ListPage
      title="Markets"
      tools={
        mayTrade && (
          <Link className="btn btn-primary" to={paths.newEvent}>
            New event
          </Link>
        )
      }
      csv={{ name: 'markets' }}
      filters={
        <form className="filters" onSubmit={submit} aria-label="Market filters">
          <label className="field">
            <span className="field-label">Event or market name</span>
            <input name="q" type="search" maxLength={100} />
          </label>
          <label className="field">
            <span className="field-label">Sport</span>
            <select name="sport" defaultValue="">
              <option value="">Any</option>
              {sports.data?.sports.map((sport) => (
                <option key={sport.slug} value={sport.slug}>
                  {sport.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">Status</span>
            <select name="status" defaultValue="">
              <option value="">Any</option>
              {marketStatusSchema.options.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-secondary">
            Apply
          </button>
        </form>
      }
      error={sports.error ?? query.error}
      label="Markets"
      columns={COLUMNS}
      rows={rows}
      rowKey={(market) => market.id}
      loading={query.isPending}
      emptyText="No markets match."
      more={more}
    />
  );
}
