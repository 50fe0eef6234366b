import { findGame, opaqueGameId } from '@backlay/catalogue';
import { formatMinor } from '@backlay/ledger';
import type { UserRow } from '../auth/index.ts';
import { AGGREGATOR_TIMEOUT_MS, httpAggregator, launchUrl, type CasinoAggregator } from '../casino/index.ts';
import type { TrafficDeps, TrafficOptions, TrafficStep } from './deps.ts';
import { smallStake } from './stakes.ts';

/** A one-call game: a dice roll under 50.00 pays 1.98x. */
const DICE_GAME_ID = opaqueGameId('spribe', 'Dice');
const DICE_PARAMS = { target: 5000, direction: 'under' };
const CASINO_MAX_STAKE_MINOR = 20_00n;

export type CasinoRound = {
  deps: TrafficDeps;
  options: Pick<TrafficOptions, 'random' | 'nowMs' | 'fetch'>;
  aggregator: CasinoAggregator;
};

/** The aggregator's launch API as the casino routes build it, unless the options bring one. */
export function casinoRound(deps: TrafficDeps, options: TrafficOptions): CasinoRound {
  const aggregator =
    options.casinoAggregator ??
    httpAggregator({
      baseUrl: deps.env.CASINO_URL,
      operatorKey: deps.env.CASINO_OPERATOR_KEY,
      timeoutMs: AGGREGATOR_TIMEOUT_MS,
      fetch: options.fetch,
    });
  return { deps, options, aggregator };
}

/**
 * One dice round as a player's browser plays it: a launch (a token of ours, the admission gate, the
 * aggregator's session), then the game page's play call to the aggregator, which stakes and pays
 * through our signed wallet callbacks. Without a reachable aggregator it places nothing.
 */
export async function playCasinoRound(
  round: CasinoRound,
  player: UserRow,
  freeMinor: bigint,
): Promise<TrafficStep> {
  const product = 'casino';
  const { deps, options } = round;
  const game = findGame(DICE_GAME_ID);
  const stake = smallStake(options.random, { minMinor: 1_00n, maxMinor: CASINO_MAX_STAKE_MINOR, freeMinor });
  if (!game || stake === null) return { product, placed: false, code: 'NO_STAKE_FITS' };
  const launchDeps = {
    db: deps.db,
    aggregator: round.aggregator,
    now: options.nowMs,
    admission: deps.admission,
    provider: deps.casinoWallet.provider,
  };
  const homeUrl = `http://localhost:${deps.env.PORT}/#/home`;
  const launched = await launchUrl(launchDeps, { user: player, game, homeUrl });
  if (!launched.ok) return { product, placed: false, code: launched.code };
  const token = new URL(launched.value).searchParams.get('token');
  const body = { token, amount: formatMinor(stake), params: DICE_PARAMS };
  try {
    const answer = await options.fetch(new URL('/api/session/play', deps.env.CASINO_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(AGGREGATOR_TIMEOUT_MS),
    });
    const text = await answer.text();
    if (answer.ok) return { product, placed: true };
    const code = (JSON.parse(text) as { code?: string }).code;
    return { product, placed: false, code: code ?? `HTTP_${answer.status}` };
  } catch {
    return { product, placed: false, code: 'CASINO_UNAVAILABLE' };
  }
}
