import type { Sql } from '../../../db/database.ts';
import type { ExchangeService } from '../../exchange/index.ts';
import type { BetfairIds } from '../ids.ts';
import type { OrderMarkets } from './market-facts.ts';
import type { OrderRefStore } from './refs.ts';

/** What the order operations use: the portal's exchange (same gate, units and ledger), ids and records. */
export type OrderDeps = {
  sql: Sql;
  exchange: ExchangeService;
  ids: BetfairIds;
  markets: OrderMarkets;
  refs: OrderRefStore;
};
