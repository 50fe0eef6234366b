/** Player reports (Account Statement) (docs/decisions/0071). */
export { reportRoutes, type ReportDeps } from './routes.ts';
export { adminBetsRoutes } from './admin-bets-routes.ts';
export { resolveDayRange, MAX_RANGE_DAYS } from './date-range.ts';
