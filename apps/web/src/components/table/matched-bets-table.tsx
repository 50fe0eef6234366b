import { DataTable } from './data-table.tsx';

/** The Matched Bet / Odds / Stake table of bet panels; it lists the player's bets once markets take them. */
export function MatchedBetsTable({ emptyText, testId }: { emptyText: string; testId: string }) {
  return (
    <DataTable
      label="Matched bets"
      columns={[
        { key: 'bet', header: 'Matched Bet', cell: (row: never) => row },
        { key: 'odds', header: 'Odds', cell: (row: never) => row },
        { key: 'stake', header: 'Stake', cell: (row: never) => row },
      ]}
      rows={[]}
      rowKey={() => ''}
      emptyText={emptyText}
      testId={testId}
    />
  );
}
