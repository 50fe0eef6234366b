import type { GameView } from '../lib/api.ts';
import type { Params } from './engine-props.ts';

type Meta = {
  /** The play button's word. */
  playLabel: string;
  defaults(game: GameView): Params;
  /** Why a round cannot start with these parameters yet, or null. */
  blocker?(params: Params): string | null;
  /** For games the player steers: what the main button says while a round is open and cannot be cashed out. */
  inRound?: string;
};

const none = () => ({});
const firstMarket = (game: GameView) => ({ market: (game.config.markets as { id: string }[])[0]!.id });

/** Per engine view: the play button, the first parameters, and what must be chosen before a round. */
export const FAMILY_META: Readonly<Record<string, Meta>> = {
  slots: { playLabel: 'Spin', defaults: none },
  dice: { playLabel: 'Roll', defaults: () => ({ target: 5000, direction: 'under' }) },
  limbo: { playLabel: 'Bet', defaults: () => ({ target: 200 }) },
  crash: { playLabel: 'Launch', defaults: () => ({ target: 200 }) },
  mines: { playLabel: 'Bet', defaults: () => ({ mines: 3 }) },
  plinko: {
    playLabel: 'Drop',
    defaults: (game) => ({ rows: game.config.rows, risk: game.config.risk }),
  },
  keno: {
    playLabel: 'Draw',
    defaults: () => ({ picks: [], risk: 'medium' }),
    blocker: (params) => ((params.picks as number[]).length === 0 ? 'Pick 1 to 10 numbers.' : null),
  },
  wheel: { playLabel: 'Spin', defaults: (game) => ({ segments: game.config.segments, risk: 'medium' }) },
  hilo: { playLabel: 'Bet', defaults: none },
  tower: {
    playLabel: 'Bet',
    defaults: (game) => ({ difficulty: (game.config.difficulties as string[])[0] }),
  },
  fishing: { playLabel: 'Shoot', defaults: () => ({ fish: 'clownfish' }) },
  roulette: {
    playLabel: 'Play',
    defaults: (game) => ({ bet: (game.config.bets as { id: string }[])[0]!.id }),
  },
  baccarat: {
    playLabel: 'Deal',
    defaults: (game) => ({ side: (game.config.sides as { id: string }[])[0]!.id }),
  },
  blackjack: { playLabel: 'Deal', defaults: none, inRound: 'Hit or stand' },
  bingo: { playLabel: 'Play', defaults: () => ({ cards: 1 }) },
  shootout: {
    playLabel: 'Shoot',
    defaults: () => ({ zone: null, saves: 1 }),
    blocker: (params) => (params.zone === null ? 'Pick a zone of the goal.' : null),
  },
  cricket: { playLabel: 'Bowl', defaults: firstMarket },
  'goal-call': { playLabel: 'Kick off', defaults: firstMarket },
};

export function metaOf(family: string): Meta {
  return FAMILY_META[family] ?? { playLabel: 'Play', defaults: none };
}
