/**
 * In-house live tables, the crash game and Casino Results (docs/decisions/0150–0159). Other modules,
 * the app and the benchmarks reach this module only through this file.
 */
export { registerTables, startTables, type TablesModule } from './module.ts';
export { tablesRoutes } from './routes.ts';
export { CRASH_UNIT_ID, tableUnitId, type TablesDeps, type TablesOptions } from './deps.ts';
export { roundTables } from './shared-tables.ts';
export { roundBetProduct } from './bets-repo.ts';
/** The table's newest round, for stakes placed from inside the server (demo traffic). */
export { latestRound } from './rounds-repo.ts';
export { CRASH_TABLE_ID } from './deps.ts';
export { tableRounds } from './round-results.ts';
