import { findGame, type CatalogueEntry } from '@backlay/catalogue';
import { CASINO_CURRENCY } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { admissionRejection, type AdmissionGate } from '../admission/index.ts';
import type { UserRow } from '../auth/index.ts';
import { providerDisabled, type CasinoProviderSwitch } from './admin-provider.ts';
import type { CasinoAggregator } from './aggregator.ts';
import { openCasinoSession } from './sessions-repo.ts';

/**
 * The id every sports entry and Lucky Sports launch (docs/decisions/0033, 0115). It is the portal's own
 * exchange, so its launch answers the portal's sports page instead of calling the aggregator.
 */
export const SPORTSBOOK_GAME_ID = 'sports';
const SPORTSBOOK_HASH = '#/cricket';

export type LaunchDeps = {
  db: Database;
  aggregator: CasinoAggregator;
  now: () => number;
  /** A player the gate would refuse a stake (a break, suspension) is refused the launch too (0232). */
  admission: Pick<AdmissionGate, 'prepareStandings' | 'admitStanding'>;
  /** Switched off, no third-party game is launched (docs/decisions/0245); the sportsbook still is. */
  provider: Pick<CasinoProviderSwitch, 'enabled'>;
};

export type LaunchInput = { user: UserRow; game: CatalogueEntry | 'sportsbook'; homeUrl: string };

const notFound = () => reject('not_found', 'GAME_NOT_FOUND', 'There is no such game.');

/** A catalogue game by the id a launch names; the sportsbook id is a game of the portal itself. */
export function gameToLaunch(gameId: string | number): Result<CatalogueEntry | 'sportsbook'> {
  if (gameId === SPORTSBOOK_GAME_ID) return ok('sportsbook');
  const game = findGame(gameId);
  return game ? ok(game) : notFound();
}

/** A JDB game by its code and game type, as `/api/jdbgamelink` names it (Aviator: 22001, gType 22). */
export function jdbGameToLaunch(gameId: number, gType: number): Result<CatalogueEntry> {
  const game = findGame(gameId);
  return game && game.provider === 'jdb' && game.gType === gType ? ok(game) : notFound();
}

/**
 * Mints a launch token for the player and game, then asks the aggregator for the game's address. The
 * aggregator call runs outside any unit of work: a slow aggregator must not hold a transaction open.
 */
export async function launchUrl(deps: LaunchDeps, input: LaunchInput): Promise<Result<string>> {
  const { user, game, homeUrl } = input;
  // Operators have no cash account to play from.
  if (user.role !== 'player') return reject('forbidden', 'FORBIDDEN', 'Only players can play casino games.');
  if (game === 'sportsbook') return ok(sportsbookUrl(homeUrl));
  if (!(await deps.provider.enabled())) return providerDisabled();
  await deps.admission.prepareStandings([user.id]);
  const admission = deps.admission.admitStanding(user.id, { stake: { kind: 'launch' } });
  if (!admission.ok) return admissionRejection(admission);
  const token = await openCasinoSession(deps.db, { playerId: user.id, gameId: game.id, nowMs: deps.now() });
  const answer = await deps.aggregator.launch({
    token,
    gameId: game.id,
    playerId: user.unique_code,
    playerName: user.name,
    currency: CASINO_CURRENCY,
    homeUrl,
  });
  return answer.ok ? ok(answer.value.url) : answer;
}

function sportsbookUrl(homeUrl: string): string {
  const url = new URL(homeUrl);
  url.hash = SPORTSBOOK_HASH;
  return url.toString();
}
