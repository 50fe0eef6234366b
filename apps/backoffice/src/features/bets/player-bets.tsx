import { ListPage } from '../../components/list-page.tsx';
import { BET_COLUMNS } from './bet-columns.tsx';
import { useBets } from './use-bets.ts';

export function PlayerBets({ playerId }: { playerId: string }) {
  const { query, rows, more } = useBets({ player: playerId }, false);
  return (
    <ListPage
      title="Bets"
      titleId="player-bets-title"
      csv={{ name: `bets-${playerId}` }}
      error={query.error}
      label="The player's bets"
      columns={BET_COLUMNS}
      rows={rows}
      rowKey={(bet) => `${bet.product}:${bet.id}`}
      loading={query.isPending}
      emptyText="No bets yet."
      more={more}
    />
  );
}
