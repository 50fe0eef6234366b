/** The trading API's catalogue and prices (docs/decisions/0256): Betfair's read operations over our exchange markets. */
import type { Sql } from '../../../db/database.ts';
import type { ApiNgOperations } from '../api-ng/operation.ts';
import { BetfairIds } from '../ids.ts';
import type { LiveBooks } from './live-book.ts';
import { listMarketBook, listRunnerBook } from './market-book.ts';
import { listMarketCatalogue } from './market-catalogue.ts';
import { listCompetitions, listEvents, listEventTypes } from './navigation.ts';
import { readFilter } from './params.ts';

export type CatalogueDeps = {
  db: Sql;
  /** The exchange on this instance (ExchangeService): live books of the markets it owns. */
  exchange?: LiveBooks;
  /** Shared with the other operations so that ids are read once per process; one of its own otherwise. */
  ids?: BetfairIds;
};

export type { LiveBooks } from './live-book.ts';

/** listEventTypes, listCompetitions, listEvents, listMarketCatalogue, listMarketBook, listRunnerBook. */
export function createCatalogueOperations(deps: CatalogueDeps): ApiNgOperations {
  const sql = deps.db;
  const ids = deps.ids ?? new BetfairIds(sql);
  const book = { sql, ids, live: deps.exchange };
  return {
    listEventTypes: (_caller, params) => listEventTypes(sql, readFilter(params)),
    listCompetitions: (_caller, params) => listCompetitions(sql, readFilter(params)),
    listEvents: (_caller, params) => listEvents(sql, readFilter(params)),
    listMarketCatalogue: (_caller, params) => listMarketCatalogue(sql, ids, params),
    listMarketBook: (caller, params) => listMarketBook(book, caller, params),
    listRunnerBook: (caller, params) => listRunnerBook(book, caller, params),
  };
}
