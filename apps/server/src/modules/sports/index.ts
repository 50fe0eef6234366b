/** Sports data and the odds feed applied to it (docs/decisions/0120). */
export { sportsRoutes, type SportsDeps } from './routes.ts';
export { publishNewMarkets, registerSportsStreams, type SportsStreamDeps } from './sports-streams.ts';
export {
  feedWorker,
  startFeed,
  FEED_POLL_INTERVAL_MS,
  type FeedWorkerDeps,
  type FeedWorkerOptions,
} from './feed-worker.ts';
export { applyFeedBatch, type AppliedBatch } from './feed-apply.ts';
export { readMarketsById, readQuotedOpenMarketIds } from './market-read.ts';
export { termsFor, type MarketTerms } from './market-defaults.ts';
export { sportsTables } from './shared-tables.ts';
export {
  eventExists,
  hasResult,
  hasRunner,
  isKnownSport,
  knownSports,
  lockMarketStatus,
  lockStakeLimits,
  marketExists,
  readBookVersion,
  readEventOfMarket,
  readMarketType,
  readResult,
  readRunnersInOrder,
  readTradedMarket,
} from './market-rows.ts';
export {
  insertCustomEvent,
  markRunnerRemoved,
  recordResult,
  replaceResult,
  saveStakeLimits,
  setMarketStatus,
  type CustomEvent,
  type CustomMarket,
  type OperatorResult,
} from './operator-markets.ts';
export {
  readBfIds,
  readExchangeMarketBfIds,
  readMarketIdsByNumber,
  readOursOfBf,
  readRunnerBfIds,
  readRunnerOfBf,
  type BfIdKind,
} from './bf-ids.ts';
export {
  readDefinitionVersion,
  readHousePriced,
  readRunnersOfMarkets,
  readStoredBooks,
  type CatalogueRunnerRow,
} from './market-rows.ts';
export {
  finishMirroredEvents,
  readMarketStatuses,
  recordSourceResult,
  sportSlugOfEventType,
  upsertMirroredMarkets,
  type MirroredMarket,
  type MirroredRunner,
  type MirrorWrite,
} from './mirror-markets.ts';
export {
  bookmakerLineIdOf,
  recordLineResults,
  upsertBookmakerLines,
  type BookmakerLine,
} from './mirror-bookmaker.ts';
export { publishChanges, type SportsPublisher } from './sports-streams.ts';
export { insertMirroredLines, readMirroredEventIds, setMirroredScores } from './mirror-scores.ts';
