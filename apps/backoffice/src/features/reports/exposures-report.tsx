import { EXPOSURE_ORDERS, type Exposures } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Column } from '@backlay/front-kit/data-table';
import { ListPage } from '../../components/list-page.tsx';
import { paths } from '../../paths.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fetchExposures } from './api.ts';
import { useTopExposures } from '../../lib/top-exposures.ts';

type ExposureOrder = (typeof EXPOSURE_ORDERS)[number];

type Row = Exposures['items'][number];

const COLUMNS: readonly Column<Row>[] = [
  {
    header: 'Market',
    text: (row) => `${row.event} · ${row.market}`,
    cell: (row) => <Link to={paths.market(row.marketId)}>{`${row.event} · ${row.market}`}</Link>,
  },
  { header: 'Player', text: (row) => ('playerId' in row ? (row.email ?? row.playerId) : '') },
  { header: 'Liability', text: (row) => row.liability, align: 'right' },
  { header: 'Matched', text: (row) => row.matched, align: 'right' },
];

const STATE_TEXT = { connecting: 'Connecting…', live: 'Connecting…', offline: 'Reconnecting…' } as const;
/** Without the socket the report still refreshes, slower. */
const FALLBACK_POLL_MS = 15_000;

/**
 * The largest open positions now, by market or by player and market, ranked by liability or matched:
 * live from the stream topic `admin-exposures` (docs/decisions/0253), read over HTTP until it answers.
 */
export function ExposuresReport() {
  const [by, setBy] = useState<'market' | 'player'>('market');
  const [order, setOrder] = useState<ExposureOrder>('liability');
  const { top, state } = useTopExposures();
  const query = useQuery({
    queryKey: ['exposures', by, order],
    queryFn: ({ signal }) => fetchExposures(by, order, signal),
    enabled: !(top && state === 'live'),
    refetchInterval: FALLBACK_POLL_MS,
  });
  const fromTopic: Row[] | undefined = top?.[by === 'market' ? 'markets' : 'players'][order];
  const rows: Row[] =
    (state === 'live' ? fromTopic : query.data?.items) ?? fromTopic ?? query.data?.items ?? [];
  const columns = by === 'market' ? COLUMNS.filter((column) => column.header !== 'Player') : COLUMNS;
  return (
    <ListPage
      title="Open exposure"
      titleId="exposures-title"
      tools={
        <>
          <label className="field">
            <span className="field-label">By</span>
            <select value={by} onChange={(event) => setBy(event.target.value as typeof by)}>
              <option value="market">market</option>
              <option value="player">player</option>
            </select>
          </label>
          <label className="field">
            <span className="field-label">Largest</span>
            <select value={order} onChange={(event) => setOrder(event.target.value as ExposureOrder)}>
              {EXPOSURE_ORDERS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
          <span className="note" role="status">
            {top && state === 'live' ? `Live · ${formatDateTime(top.at)}` : STATE_TEXT[state]}
          </span>
        </>
      }
      csv={{ name: `exposure-${by}-${order}` }}
      error={query.error}
      label="Open exposure"
      columns={columns}
      rows={rows}
      rowKey={(row) => ('playerId' in row ? `${row.playerId}:${row.marketId}` : row.marketId)}
      loading={!fromTopic && query.isPending}
      emptyText="No open exposure."
    />
  );
}
