import {
  DOWNLINE_PL_GROUPS,
  HOUSE_PLAYERS_ROW_ID,
  type DownlinePlGroup,
  type DownlinePlRow,
} from '@backlay/contracts';
import type { Column } from '@backlay/front-kit/data-table';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DayResultChart } from '../../components/day-result-chart.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { PeriodForm } from '../../components/period-form.tsx';
import { everyDay } from '../../lib/chart-figures.ts';
import { lastDays, type Period } from '../../lib/period.ts';
import { paths } from '../../paths.ts';
import { agentReportsKey, fetchDownlinePl } from './api.ts';

const GROUP_NAMES: Record<DownlinePlGroup, string> = { child: 'Child', market: 'Market', day: 'Day' };

const FIGURES: readonly Column<DownlinePlRow>[] = [
  { header: 'Turnover', text: (row) => row.turnover, align: 'right' },
  { header: 'Players P/L', text: (row) => row.playersPl, align: 'right' },
  { header: 'Own share', text: (row) => row.ownShare, align: 'right' },
  { header: 'Upline share', text: (row) => row.uplineShare, align: 'right' },
  { header: 'Commission', text: (row) => row.commission, align: 'right' },
];

/** The first column names the row; a child's name opens its chip statement (the house's players have none). */
function columnsFor(groupBy: DownlinePlGroup): readonly Column<DownlinePlRow>[] {
  const name: Column<DownlinePlRow> = {
    header: GROUP_NAMES[groupBy],
    text: (row) => row.name,
    cell: (row) =>
      row.accountId && row.accountId !== HOUSE_PLAYERS_ROW_ID ? (
        <Link to={paths.statement(row.accountId)}>{row.name}</Link>
      ) : (
        <strong>{row.name}</strong>
      ),
  };
  return [name, ...FIGURES];
}

const keyOf = (row: DownlinePlRow) => row.accountId ?? row.marketId ?? row.day ?? row.name;

/**
 * The downline's P/L over a period (UTC days) from the roll-ups booked at settlement: per child, per
 * market or per day, with the totals as the last row. Players' P/L is positive when they won; own share
 * is the signed-in agent's part (the house's for staff), positive when the players lost.
 */
export default function DownlinePlPage() {
  const [period, setPeriod] = useState<Period>(() => lastDays(7));
  const [groupBy, setGroupBy] = useState<DownlinePlGroup>('child');
  const query = useQuery({
    queryKey: [...agentReportsKey, 'pl', period, groupBy],
    queryFn: ({ signal }) => fetchDownlinePl({ ...period, groupBy }, signal),
  });
  const rows = query.data ? [...query.data.rows, { ...query.data.totals, name: 'Total' }] : [];
  const data = query.data;
  // By day, the own share is drawn above the table, every day of the period (quiet ones as zero).
  const days = useMemo(
    () =>
      data && groupBy === 'day'
        ? everyDay(data.from, data.to, new Map(data.rows.map((row) => [row.day ?? row.name, row.ownShare])))
        : null,
    [data, groupBy],
  );
  return (
    <ListPage
      title="Downline P/L"
      tools={
        <label className="field">
          <span className="field-label">Rows by</span>
          <select value={groupBy} onChange={(event) => setGroupBy(event.target.value as DownlinePlGroup)}>
            {DOWNLINE_PL_GROUPS.map((group) => (
              <option key={group} value={group}>
                {GROUP_NAMES[group]}
              </option>
            ))}
          </select>
        </label>
      }
      csv={{ name: `downline-pl-${groupBy}-${period.from}-${period.to}` }}
      filters={
        <>
          <PeriodForm period={period} onChange={setPeriod} />
          {days && <DayResultChart figure="Own share" days={days} />}
        </>
      }
      error={query.error}
      label="Downline P/L"
      columns={columnsFor(groupBy)}
      rows={rows}
      rowKey={keyOf}
      loading={query.isPending}
      emptyText="Nothing settled in this period."
    />
  );
}
