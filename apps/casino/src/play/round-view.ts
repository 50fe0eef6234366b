import { formatHundredths } from '@backlay/fair';
import type { RoundView } from '../contract/api.ts';
import { revealedSeedOf } from '../fair/seeds-service.ts';
import type { GameDescriptor } from '../games/catalogue-games.ts';
import type { RoundRecord, SeedRecord } from '../state/types.ts';

type Fields = Record<string, string | number>;

/** The `/fair/verify` game and extra fields that recompute a round of this family, or null. */
function verifyFieldsOf(game: GameDescriptor, params: Record<string, unknown>): Fields | null {
  switch (game.family) {
    case 'dice':
    case 'limbo':
    case 'keno':
      return { game: game.family };
    case 'crash':
      return { game: 'instant-crash' };
    case 'hilo':
      return { game: 'hilo' };
    case 'mines':
      return { game: 'mines', mines: Number(params.mines) };
    case 'plinko':
      return { game: 'plinko', rows: Number(params.rows), risk: String(params.risk) };
    case 'wheel':
      return { game: 'wheel', segments: Number(params.segments), risk: String(params.risk) };
    case 'tower':
      return { game: 'tower', difficulty: String(params.difficulty) };
    case 'slots':
      return { game: 'slot', title: String(game.config.title) };
    default:
      return null;
  }
}

export function verifyQuery(
  game: GameDescriptor,
  round: RoundRecord,
  serverSeed: string | null,
): string | null {
  const fields = verifyFieldsOf(game, (round.params ?? {}) as Record<string, unknown>);
  if (fields === null) return null;
  const { game: verifyGame, ...extra } = fields;
  const query = new URLSearchParams({
    game: String(verifyGame),
    ...(serverSeed === null ? {} : { serverSeed }),
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    ...Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, String(value)])),
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
