/** Feeds of Betfair Exchange Stream data mirrored into events and markets (docs/decisions/0270, docs/feeds.md). */
export { registerFeeds, startFeeds, type FeedsDeps, type FeedsModule } from './module.ts';
export { feedsRoutes } from './routes.ts';
export { feedUnitId } from './ids.ts';
