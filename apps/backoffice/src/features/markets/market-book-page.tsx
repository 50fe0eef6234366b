import type { BookedMarkets, MarketBook } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '@backlay/front-kit/data-table';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorNote } from '../../components/notice.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { paths } from '../../paths.ts';
import { fetchBookedMarkets, fetchMarketBook } from './api.ts';
import { MarketLockSwitches } from './market-locks.tsx';

type Runner = MarketBook['runners'][number];
type Booked = BookedMarkets['items'][number];

const COLUMNS: readonly Column<Runner>[] = [
  { header: 'Runner', text: (runner) => runner.name },
  { header: 'Subtree if wins', text: (runner) => runner.subtreeIfWins, align: 'right' },
  { header: 'Own share if wins', text: (runner) => runner.ownShareIfWins, align: 'right' },
];

/**
 * Market analysis (user book, docs/decisions/0289): per runner, what the subtree's players win or lose
 * if it wins and the account's own part of it: the signed-in agent's, or the house's for staff, or
 * `?accountId=` of the subtree, with switches that lock the market or its event for that subtree.
 * Without a market, it lists the open markets where the subtree has bets; a form still opens any market
 * by its id.
 */
export default function MarketBookPage() {
  const id = useParams().id;
  const [search] = useSearchParams();
  const accountId = search.get('accountId') ?? undefined;
  return (
    <section className="page">
      <PageHead title="Market analysis" />
      <MarketChooser current={id} />
      {id ? <BookTable marketId={id} accountId={accountId} /> : <BookedMarketsTable accountId={accountId} />}
    </section>
  );
}

function MarketChooser({ current }: { current: string | undefined }) {
  const navigate = useNavigate();
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const market = String(new FormData(event.currentTarget).get('market') ?? '').trim();
    if (market) void navigate(paths.marketBook(market));
  };
  return (
    <form className="filters" onSubmit={submit} aria-label="Choose a market">
      <label className="field">
        <span className="field-label">Market id</span>
        <input name="market" defaultValue={current} maxLength={128} required />
      </label>
      <button type="submit" className="btn btn-secondary">
        Show book
      </button>
    </form>
  );
}

/** The booked markets, read once for the list and shared with a book's title. */
const useBookedMarkets = (accountId: string | undefined) =>
  useQuery({
    queryKey: ['booked-markets', accountId ?? 'own'],
    queryFn: ({ signal }) => fetchBookedMarkets(accountId, signal),
    refetchInterval: 10_000,
  });

/** The book's market by name when the subtree has bets on it (else its id), and the way back to the list. */
function BookTitle({ marketId, accountId }: { marketId: string; accountId: string | undefined }) {
  const market = useBookedMarkets(accountId).data?.items.find((item) => item.id === marketId);
  const back = accountId ? `${paths.analysis}?accountId=${encodeURIComponent(accountId)}` : paths.analysis;
  return (
    <p className="book-title">
      <strong>{market ? `${market.eventName} · ${market.name}` : marketId}</strong>{' '}
      <Link to={back}>All markets with bets</Link>
    </p>
  );
}

function BookTable({ marketId, accountId }: { marketId: string; accountId: string | undefined }) {
  const query = useQuery({
    queryKey: ['market-book', marketId, accountId ?? 'own'],
    queryFn: ({ signal }) => fetchMarketBook(marketId, accountId, signal),
    refetchInterval: 5_000,
  });
  return (
    <>
      <BookTitle marketId={marketId} accountId={accountId} />
      <MarketLockSwitches marketId={marketId} accountId={accountId} />
      <ErrorNote error={query.error} />
      <DataTable
        label="Book by runner"
        columns={COLUMNS}
        rows={query.data?.runners ?? []}
        rowKey={(runner) => runner.id}
        loading={query.isPending}
        emptyText="A line market has no runners to win."
      />
    </>
  );
}

function bookedColumns(accountId: string | undefined): readonly Column<Booked>[] {
  const query = accountId ? `?accountId=${encodeURIComponent(accountId)}` : '';
  return [
    { header: 'Event', text: (market) => market.eventName },
    {
      header: 'Market',
      text: (market) => market.name,
      cell: (market) => <Link to={`${paths.marketBook(market.id)}${query}`}>{market.name}</Link>,
    },
    { header: 'Status', text: (market) => market.status },
    { header: 'Bets', text: (market) => String(market.bets), align: 'right' },
    { header: 'Matched', text: (market) => market.matched, align: 'right' },
  ];
}

function BookedMarketsTable({ accountId }: { accountId: string | undefined }) {
  const query = useBookedMarkets(accountId);
  return (
    <>
      <ErrorNote error={query.error} />
      <DataTable
        label="Markets with bets"
        columns={bookedColumns(accountId)}
        rows={query.data?.items ?? []}
        rowKey={(market) => market.id}
        loading={query.isPending}
        emptyText="No open market has bets from this downline yet."
      />
    </>
  );
}
