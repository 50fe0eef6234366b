/** The sports exchange: bets, group commit, market maker, cash out and settlement (docs/decisions/0130). */
export { ExchangeService, DEFAULT_MAKER, marketUnitId, type MarketCommand } from './exchange-service.ts';
export type { ExchangeDeps } from './deps.ts';
export type { RemoveRunnerAnswer, RemoveRunnerCommand, RunnerRemovalRequest } from './remove-runner.ts';
export type { MirrorBook, MirrorRunner } from './mirror-book.ts';
export { exchangeRoutes } from './routes.ts';
export { exchangeAdminRoutes } from './admin-routes.ts';
export { registerBetStream } from './streams.ts';
export { openMakerAccount } from './maker-account.ts';
export { startExchange } from './exchange-worker.ts';
// The trading API places and cancels through the same paths as the portal's own routes.
export { placeRequest, tickOf, type PlaceOptions } from './place-request.ts';
export { asBetResult, type ExchangeRefusalCode } from './errors.ts';
export type { PlaceAnswer } from './place-command.ts';
export { exchangeTables } from './shared-tables.ts';
export { readRestingBets } from './bets-read.ts';
export {
  readFillsOfBets,
  readTradedByPrice,
  readSettledWinners,
  type BetFillRow,
  type TradedRow,
} from './fills-read.ts';
export {
  parseIfWins,
  readOpenBettors,
  readPlayerResults,
  type PlayerResults,
  type PlayerScope,
} from './player-results.ts';
