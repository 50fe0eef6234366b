import type { AdminRecentRound, AdminTable } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { Column } from '@backlay/front-kit/data-table';
import { ListPage } from '../../components/list-page.tsx';
import { DoneNote, ErrorNote } from '../../components/notice.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useMay } from '../../lib/permissions.ts';
import { useChange } from '../../lib/use-change.ts';
import { fetchTables, setTableRunning, tablesKey, voidRound } from './api.ts';

const ROUND_COLUMNS: readonly Column<AdminRecentRound>[] = [
  { header: 'Round', text: (round) => String(round.id) },
  { header: 'Result', text: (round) => round.result },
  { header: 'Bets', text: (round) => String(round.bets), align: 'right' },
  { header: 'Stake', text: (round) => round.stake, align: 'right' },
  { header: 'Payout', text: (round) => round.payout, align: 'right' },
  { header: 'Settled', text: (round) => (round.settledAt ? formatDateTime(round.settledAt) : '') },
  { header: 'Server seed hash', text: (round) => round.fairness.serverSeedHash },
  { header: 'Server seed', text: (round) => round.fairness.serverSeed ?? '' },
];

/** The page shows each game's latest rounds; its CSV holds all the server sent (up to 20). */
const SHOWN_ROUNDS = 5;

/** Every in-house table and the crash game: running or paused, the round in play, the last rounds. */
export default function GamesPage() {
  const query = useQuery({
    queryKey: tablesKey,
    queryFn: ({ signal }) => fetchTables(signal),
    refetchInterval: 3_000,
  });
  return (
    <section className="page">
      <PageHead title="Live games" />
      <ErrorNote error={query.error} />
      {query.isPending && <p className="empty-state">Loading…</p>}
      {query.data?.items.map((table) => (
        <TablePanel key={table.id} table={table} />
      ))}
    </section>
  );
}

function TablePanel({ table }: { table: AdminTable }) {
  const mayTrade = useMay('trading');
  const running = useChange(setTableRunning, [tablesKey], ({ running }) =>
    running ? 'Resumed.' : 'Paused.',
  );
  const voiding = useChange(voidRound, [tablesKey], ({ roundId }) => `Round ${roundId} voided.`);
  const round = table.currentRound;
  const submitVoid = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (round && reason) voiding.run({ id: table.id, roundId: round.id, reason });
  };
  return (
    <ListPage
      title={
        <>
          {table.name} <span className="note">· {table.state}</span>
        </>
      }
      titleId={`table-${table.id}`}
      className="panel panel-body"
      tools={
        mayTrade && (
          <button
            type="button"
            className={table.state === 'running' ? 'btn btn-danger' : 'btn btn-secondary'}
            disabled={running.busy}
            onClick={() => running.run({ id: table.id, running: table.state !== 'running' })}
          >
            {table.state === 'running' ? 'Pause' : 'Resume'}
          </button>
        )
      }
      csv={{ name: `rounds-${table.id}`, rows: table.recentRounds }}
      filters={
        <>
          {table.pause && (
            <p className="note">
              Paused by {table.pause.by} at {formatDateTime(table.pause.at)}
              {table.pause.reason ? `: ${table.pause.reason}` : ''}
            </p>
          )}
          <p>
            {round
              ? `Round ${round.id}: ${round.status}, ${round.bets} bets, stake ${round.stake}`
              : 'No round in play.'}
          </p>
          {mayTrade && round && (
            <form className="row align-end" onSubmit={submitVoid} aria-label={`Void round ${round.id}`}>
              <label className="field grow">
                <span className="field-label">Reason to void round {round.id}</span>
                <input name="reason" required maxLength={500} />
              </label>
              <button type="submit" className="btn btn-danger" disabled={voiding.busy}>
                Void round
              </button>
            </form>
          )}
        </>
      }
      error={running.error ?? voiding.error}
      notes={<DoneNote text={running.done ?? voiding.done} />}
      label={`Last rounds of ${table.name}`}
      columns={ROUND_COLUMNS}
      rows={table.recentRounds.slice(0, SHOWN_ROUNDS)}
      rowKey={(recent) => String(recent.id)}
      emptyText="No finished rounds yet."
    />
  );
}
