import {
  MAX_CARDS,
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  SLOT_TITLES,
  TOWER_DIFFICULTIES,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
} from '@backlay/fair';
import type { VerifyFieldForm, VerifyGameForm } from '../contract/api.ts';
import { FISH } from '../games/engines/fishing.ts';
import { SHOOTOUT_SAVES } from '../games/engines/shootout.ts';

const int = (name: string, label: string, min: number, max: number, fallback?: number): VerifyFieldForm => ({
  name,
  label: `${label} (${min}–${max})`,
  min,
  max,
  ...(fallback === undefined ? {} : { default: String(fallback) }),
});
const pick = (name: string, label: string, options: readonly (string | number)[]): VerifyFieldForm => ({
  name,
  label,
  options: options.map(String),
  default: String(options[0]),
});
const seeded = (
  game: string,
  label: string,
  fields: VerifyFieldForm[] = [],
): Omit<VerifyGameForm, 'group'> => ({
  game,
  label,
  inputs: 'seeds',
  fields,
});

/** What `result` holds, per game, in the words the verifier page shows. */
const RESULT_LABELS: Readonly<Record<string, string>> = {
  dice: 'Roll (0.00–100.00)',
  limbo: 'Multiplier',
  mines: 'Mine tiles (1–25, left to right, top to bottom)',
  plinko: 'Path (L or R at each row)',
  keno: 'Drawn numbers (1–40)',
  wheel: 'Segment (0 = the first)',
  hilo: 'Cards in order',
  tower: 'Safe tiles per level (1 = left), bottom level first',
  slot: 'Symbols per reel, top to bottom',
  'instant-crash': 'Crash point',
  crash: 'Crash point',
  roulette: 'Pocket',
  'sic-bo': 'Dice',
  lottery: 'Drawn numbers, in order',
  baccarat: 'Winner',
  'dragon-tiger': 'Winner',
  'andar-bahar': 'Winner',
  'teen-patti': 'Winner',
  poker: 'Winner',
  blackjack: 'Cards in dealing order',
  bingo: 'Calls, in order',
  fishing: 'Shot',
  shootout: 'Zones the keeper covers (1–3 top row, 4–6 bottom row)',
  cricket: 'Balls, in order',
  'goal-call': 'Attacks, in order',
};

const inGroup =
  (group: VerifyGameForm['group']) =>
  (form: Omit<VerifyGameForm, 'group'>): VerifyGameForm => ({
    ...form,
    group,
    resultLabel: RESULT_LABELS[form.game] ?? 'Result',
  });

const risk = (risks: readonly string[]) => pick('risk', 'Risk', risks);

/** Games the fair package recomputes (Stake-compatible results, docs/decisions/0100). */
export const PUBLISHED_GAME_FORMS: readonly VerifyGameForm[] = [
  seeded('dice', 'Dice'),
  seeded('limbo', 'Limbo'),
  seeded('mines', 'Mines', [int('mines', 'Mines', 1, 24)]),
  seeded('plinko', 'Plinko', [int('rows', 'Rows', PLINKO_MIN_ROWS, PLINKO_MAX_ROWS), risk(PLINKO_RISKS)]),
  seeded('keno', 'Keno (10 of 40)'),
  seeded('wheel', 'Wheel', [pick('segments', 'Segments', WHEEL_SEGMENTS), risk(WHEEL_RISKS)]),
  seeded('hilo', 'Hi-Lo and rummy', [int('count', 'Cards', 1, MAX_CARDS, MAX_CARDS)]),
  seeded('tower', 'Tower and penalty kick', [
    pick('difficulty', 'Difficulty', Object.keys(TOWER_DIFFICULTIES)),
  ]),
  seeded('slot', 'Slots', [
    pick(
      'title',
      'Reels',
      SLOT_TITLES.map((title) => title.id),
    ),
  ]),
  seeded('instant-crash', 'Instant crash'),
  { game: 'crash', label: 'Crash (hash chain)', inputs: 'hash' as const, fields: [] },
].map(inGroup('published'));

/** The aggregator's own engines (docs/decisions/0147, 0178, 0179), recomputed by `house-verify.ts`. */
export const HOUSE_GAME_FORMS: readonly VerifyGameForm[] = [
  seeded('roulette', 'Roulette', [int('pockets', 'Pockets', 2, 100, 37)]),
  seeded('sic-bo', 'Sic bo and dice tables', [int('dice', 'Dice', 1, 6, 3)]),
  seeded('lottery', 'Lottery', [int('numbers', 'Numbers', 2, 99, 49), int('picks', 'Drawn', 1, 20, 6)]),
  seeded('baccarat', 'Baccarat'),
  seeded('dragon-tiger', 'Dragon Tiger'),
  seeded('andar-bahar', 'Andar Bahar'),
  seeded('teen-patti', 'Teen Patti'),
  seeded('poker', 'Poker', [pick('handSize', 'Cards per hand', [5, 3])]),
  seeded('blackjack', 'Blackjack', [int('count', 'Cards', 4, MAX_CARDS, 12)]),
  seeded('bingo', 'Bingo', [int('cards', 'Cards', 1, 4, 1)]),
  seeded('fishing', 'Fishing', [
    pick(
      'fish',
      'Target',
      FISH.map((fish) => fish.id),
    ),
  ]),
  seeded('shootout', 'Penalty Shoot-out', [pick('saves', 'Zones the keeper covers', SHOOTOUT_SAVES)]),
  seeded('cricket', 'Cricket Over and Next Ball', [pick('balls', 'Balls', [6, 1])]),
  seeded('goal-call', 'Goal or No Goal', [int('attacks', 'Attacks', 1, 7, 5)]),
].map(inGroup('house'));

export const VERIFY_GAME_FORMS: readonly VerifyGameForm[] = [...PUBLISHED_GAME_FORMS, ...HOUSE_GAME_FORMS];

export const formOf = (game: string): VerifyGameForm | undefined =>
  VERIFY_GAME_FORMS.find((form) => form.game === game);
