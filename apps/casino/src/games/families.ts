import type { AnyEngine } from './engine.ts';
import { blackjackEngine } from './engines/blackjack.ts';
import { bingoEngine } from './engines/bingo.ts';
import { boardEngine } from './engines/board.ts';
import { cardDuelEngine } from './engines/card-duel.ts';
import { diceEngine } from './engines/dice.ts';
import { fishingEngine } from './engines/fishing.ts';
import { hiloEngine } from './engines/hilo.ts';
import { kenoEngine } from './engines/keno.ts';
import { cricketEngine } from './engines/cricket.ts';
import { goalCallEngine } from './engines/goal-call.ts';
import { crashEngine, limboEngine } from './engines/limbo.ts';
import { minesEngine } from './engines/mines.ts';
import { plinkoEngine } from './engines/plinko.ts';
import { shootoutEngine } from './engines/shootout.ts';
import { slotsEngine } from './engines/slots.ts';
import { towerEngine } from './engines/tower.ts';
import { wheelEngine } from './engines/wheel.ts';

/** The game pages' engine views; every catalogue engine opens one of them (docs/decisions/0147, 0179). */
export const FAMILY_ENGINES = {
  slots: slotsEngine,
  dice: diceEngine,
  limbo: limboEngine,
  mines: minesEngine,
  plinko: plinkoEngine,
  keno: kenoEngine,
  wheel: wheelEngine,
  hilo: hiloEngine,
  tower: towerEngine,
  crash: crashEngine,
  fishing: fishingEngine,
  roulette: boardEngine,
  baccarat: cardDuelEngine,
  blackjack: blackjackEngine,
  bingo: bingoEngine,
  shootout: shootoutEngine,
  cricket: cricketEngine,
  'goal-call': goalCallEngine,
} as const satisfies Record<string, AnyEngine>;

export type Family = keyof typeof FAMILY_ENGINES;

export function engineOf(family: Family): AnyEngine {
  return FAMILY_ENGINES[family];
}
