import { formatHundredths } from '@backlay/fair';
import type { RoundView } from '../contract/api.ts';
import { revealedSeedOf } from '../fair/seeds-service.ts';
import type { GameDescriptor } from '../games/catalogue-games.ts';
import type { RoundRecord, SeedRecord } from '../state/types.ts';

type Fields = Record<string, string | number>;

/** The `/fair/verify` game and settings that recompute a round of this title (docs/decisions/0178). */
function verifyFieldsOf(game: GameDescriptor, params: Record<string, unknown>): Fields {
  const config = game.config;
  switch (game.family) {
    case 'dice':
    case 'limbo':
    case 'keno':
    case 'hilo':
    case 'blackjack':
      return { game: game.family };
    case 'crash':
      return { game: 'instant-crash' };
    case 'mines':
      return { game: 'mines', mines: Number(params.mines) };
    case 'plinko':
      return { game: 'plinko', rows: Number(params.rows), risk: String(params.risk) };
    case 'wheel':
      return { game: 'wheel', segments: Number(params.segments), risk: String(params.risk) };
    case 'tower':
      return { game: 'tower', difficulty: String(params.difficulty) };
    case 'slots':
      return { game: 'slot', title: String(config.title) };
    case 'roulette':
      return boardFields(config);
    case 'baccarat':
      return config.variant === 'poker'
        ? { game: 'poker', handSize: Number(config.handSize) }
        : { game: String(config.variant) };
    case 'bingo':
      return { game: 'bingo', cards: Number(params.cards) };
    case 'fishing':
      return { game: 'fishing', fish: String(params.fish) };
    case 'shootout':
      return { game: 'shootout', saves: Number(params.saves) };
    case 'cricket':
      return { game: 'cricket', balls: Number(config.balls) };
    case 'goal-call':
      return { game: 'goal-call', attacks: Number(config.attacks) };
  }
}

/** Roulette, dice tables and lotteries share one engine view; each verifies as its own game. */
function boardFields(config: Record<string, unknown>): Fields {
  if (config.variant === 'dice') return { game: 'sic-bo', dice: Number(config.dice) };
  if (config.variant === 'lottery')
    return { game: 'lottery', numbers: Number(config.numbers), picks: Number(config.picks) };
  return { game: 'roulette', pockets: Number(config.pockets) };
}

/**
 * The verifier's query for a round: game, seeds, nonce and settings, plus the committed hash so the
 * verifier can show that a pasted server seed is the one this round used. The server seed is left out
 * until rotation reveals it.
 */
export function verifyQuery(game: GameDescriptor, round: RoundRecord, serverSeed: string | null): string {
  const { game: verifyGame, ...extra } = verifyFieldsOf(
    game,
    (round.params ?? {}) as Record<string, unknown>,
  );
  const query = new URLSearchParams({
    game: String(verifyGame),
    ...(serverSeed === null ? {} : { serverSeed }),
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    ...Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, String(value)])),
    serverSeedHash: round.serverSeedHash,
  });
  return query.toString();
}

export function roundView(
  game: GameDescriptor,
  round: RoundRecord,
  seeds: SeedRecord | undefined,
  actions: readonly string[] = [],
): RoundView {
  const serverSeed = revealedSeedOf(seeds, round.serverSeedHash);
  return {
    id: round.id,
    status: round.status,
    nonce: round.nonce,
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    serverSeed,
    stake: round.stake,
    payout: round.payout,
    multiplier: formatHundredths(round.multiplierHundredths),
    outcome: round.outcome,
    actions: round.status === 'open' ? [...actions] : [],
    verify: verifyQuery(game, round, serverSeed),
    createdAt: new Date(round.createdAtMs).toISOString(),
  };
}
