import type { ExchangeService } from '../exchange/index.ts';
import { accountOperations, type AccountDeps } from './account/operations.ts';
import type { ApiNgOperationSets } from './api-ng/routes.ts';
import { createCatalogueOperations } from './catalogue/index.ts';
import { BetfairIds } from './ids.ts';
import { createOrderOperations } from './orders/index.ts';

/**
 * Every API-NG operation the portal offers, by API: the catalogue and books, orders, and the account.
 * One id map serves them all, so each id is read once per process.
 */
export function betfairOperations(deps: AccountDeps & { exchange: ExchangeService }): ApiNgOperationSets {
  const ids = new BetfairIds(deps.db);
  return {
    betting: {
      ...createCatalogueOperations({ db: deps.db, exchange: deps.exchange, ids }),
      ...createOrderOperations({ db: deps.db, exchange: deps.exchange, ids }),
    },
    account: accountOperations(deps),
  };
}
