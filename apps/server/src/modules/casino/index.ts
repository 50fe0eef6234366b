/**
 * The casino module's face (docs/decisions/0071, 0140–0143): game launch through the aggregator, the
 * aggregator's signed seamless-wallet callbacks, and the player's casino bets.
 */
export { casinoRoutes, type CasinoDeps } from './routes.ts';
export { CasinoWallet } from './wallet-service.ts';
export {
  AGGREGATOR_TIMEOUT_MS,
  httpAggregator,
  type CasinoAggregator,
  type HttpAggregatorOptions,
} from './aggregator.ts';
/** Opens a game session without the aggregator (the casino wallet benchmark plays this way). */
export { openCasinoSession, LAUNCH_TOKEN_TTL_MS } from './sessions-repo.ts';
export { signBody } from '@backlay/contracts/casino-signature';
export { casinoTables } from './shared-tables.ts';
export { isCasinoBet } from './bets-repo.ts';
/** A launch from inside the server (demo traffic): the same token, checks and aggregator call. */
export { launchUrl, type LaunchDeps } from './launch-service.ts';
export { casinoRounds } from './round-results.ts';
