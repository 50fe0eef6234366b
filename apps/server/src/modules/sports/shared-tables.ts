/**
 * The catalogue's tables (sports, competitions, events, markets, runners, results and the books the
 * exchange publishes for them) for a statement that joins them with another module's rows in one
 * round trip (docs/decisions/0266): the exchange's bets with their markets, the reports by sport, the
 * trading API's catalogue and orders. A read or write of these tables alone is a function of this
 * module.
 */
export const sportsTables = {
  sports: 'sports',
  competitions: 'competitions',
  events: 'events',
  markets: 'markets',
  runners: 'runners',
  marketResults: 'market_results',
  marketBooks: 'market_books',
} as const;
