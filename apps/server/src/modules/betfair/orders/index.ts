/** The trading API's order operations (docs/decisions/0257), on the portal's exchange. */
import type { Sql } from '../../../db/database.ts';
import type { ExchangeService } from '../../exchange/index.ts';
import type { ApiNgOperations } from '../api-ng/operation.ts';
import { BetfairIds } from '../ids.ts';
import { cancelOrders } from './cancel-orders.ts';
import { listClearedOrders } from './cleared-orders.ts';
import { listCurrentOrders } from './current-orders.ts';
import type { OrderDeps } from './deps.ts';
import { OrderMarkets } from './market-facts.ts';
import { listMarketProfitAndLoss } from './market-pnl.ts';
import { placeOrders } from './place-orders.ts';
import { OrderRefStore } from './refs.ts';
import { replaceOrders } from './replace-orders.ts';
import { updateOrders } from './update-orders.ts';

/** placeOrders, cancelOrders, replaceOrders, updateOrders and the caller's order lists and P&L. */
export function createOrderOperations(deps: {
  db: Sql;
  exchange: ExchangeService;
  ids?: BetfairIds;
}): ApiNgOperations {
  const ids = deps.ids ?? new BetfairIds(deps.db);
  const orders: OrderDeps = {
    sql: deps.db,
    exchange: deps.exchange,
    ids,
    markets: new OrderMarkets(deps.db, ids),
    refs: new OrderRefStore(deps.db),
  };
  return {
    placeOrders: (caller, params) => placeOrders(orders, caller, params),
    cancelOrders: (caller, params) => cancelOrders(orders, caller, params),
    replaceOrders: (caller, params) => replaceOrders(orders, caller, params),
    updateOrders: (caller, params) => updateOrders(orders, caller, params),
    listCurrentOrders: (caller, params) => listCurrentOrders(orders, caller, params),
    listClearedOrders: (caller, params) => listClearedOrders(orders, caller, params),
    listMarketProfitAndLoss: (caller, params) => listMarketProfitAndLoss(orders, caller, params),
  };
}
