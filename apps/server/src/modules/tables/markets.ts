import { marketOf, type TableGame } from '@backlay/tables';

export const marketName = (game: TableGame, marketId: string): string =>
  marketOf(game, marketId)?.name ?? marketId;
