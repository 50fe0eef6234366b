import type { Exposures } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CsvButton } from '../../components/csv-button.tsx';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { ErrorNote } from '../../components/notice.tsx';
import { paths } from '../../paths.ts';
import { fetchExposures } from './api.ts';

type Row = Exposures['items'][number];

const COLUMNS: readonly Column<Row>[] = [
  {
    header: 'Market',
    text: (row) => `${row.event} · ${row.market}`,
    render: (row) => <Link to={paths.market(row.marketId)}>{`${row.event} · ${row.market}`}</Link>,
  },
  { header: 'Player', text: (row) => ('playerId' in row ? (row.email ?? row.playerId) : '') },
  { header: 'Liability', text: (row) => row.liability, numeric: true },
  { header: 'Matched', text: (row) => row.matched, numeric: true },
];

/** The largest open positions now, by market or by player and market. */
export function ExposuresReport() {
  const [by, setBy] = useState<'market' | 'player'>('market');
  const query = useQuery({
    queryKey: ['exposures', by],
    queryFn: ({ signal }) => fetchExposures(by, signal),
    refetchInterval: 10_000,
  });
  const rows: Row[] = query.data?.items ?? [];
  const columns = by === 'market' ? COLUMNS.filter((column) => column.header !== 'Player') : COLUMNS;
  return (
    <section className="stack" aria-labelledby="exposures-title">
      <div className="page-head">
        <h2 id="exposures-title" className="section-title">
          Open exposure
        </h2>
        <div className="page-tools">
          <label className="field">
            <span className="field-label">By</span>
            <select value={by} onChange={(event) => setBy(event.target.value as typeof by)}>
              <option value="market">market</option>
              <option value="player">player</option>
            </select>
          </label>
          <CsvButton name={`exposure-${by}`} columns={columns} rows={rows} />
        </div>
      </div>
      <ErrorNote error={query.error} />
      <DataTable
        label="Open exposure"
        columns={columns}
        rows={rows}
        rowKey={(row) => ('playerId' in row ? `${row.playerId}:${row.marketId}` : row.marketId)}
        empty={query.isPending ? 'Loading…' : 'No open exposure.'}
      />
    </section>
  );
}
