import { dice } from '../games/dice.ts';
import { limbo } from '../games/limbo.ts';
import { mines } from '../games/mines.ts';
import { plinko, isPlinkoRisk } from '../games/plinko.ts';
import { keno } from '../games/keno.ts';
import { wheel, isWheelRisk } from '../games/wheel.ts';
import { cards, MAX_CARDS } from '../games/cards.ts';
import { tower, isTowerDifficulty } from '../games/tower.ts';
import { instantCrash } from '../games/instant-crash.ts';
import { slot } from '../slot/slot-engine.ts';
import { crashPoint } from '../crash/chain.ts';
import { formatHundredths } from '../multiplier.ts';
import { err, ok, type Result } from '../result.ts';
import type { Seeds } from '../stream.ts';

export const VERIFY_GAMES = [
  'dice',
  'limbo',
  'mines',
  'plinko',
  'keno',
  'wheel',
  'hilo',
  'tower',
  'slot',
  'crash',
  'instant-crash',
] as const;
export type VerifyGame = (typeof VERIFY_GAMES)[number];

/** Query-string fields: serverSeed, clientSeed, nonce, mines, rows, risk, segments, difficulty, title, count, hash, salt. */
export type VerifyFields = Readonly<Record<string, string | undefined>>;

/** The answer of `GET /fair/verify`: `result` in the form a player compares with the public calculator. */
export type VerifyAnswer = {
  readonly game: VerifyGame;
  readonly result: unknown;
  readonly [extra: string]: unknown;
};

const NONCE = /^\d{1,16}$/;
const SMALL_INT = /^\d{1,3}$/;

/** The seeds named by query-string fields (`serverSeed`, `clientSeed`, `nonce`), checked as `verify` checks them. */
export function seedsOf(fields: VerifyFields): Result<Seeds> {
  const { serverSeed, clientSeed, nonce } = fields;
  if (serverSeed === undefined || serverSeed === '') return err('INVALID_SERVER_SEED');
  if (clientSeed === undefined || clientSeed === '') return err('INVALID_CLIENT_SEED');
  if (nonce === undefined || !NONCE.test(nonce) || !Number.isSafeInteger(Number(nonce)))
    return err('INVALID_NONCE');
  return ok({ serverSeed, clientSeed, nonce: Number(nonce) });
}

function intOf(text: string | undefined, fallback?: number): number {
  if (text === undefined || text === '') return fallback ?? NaN;
  return SMALL_INT.test(text) ? Number(text) : NaN;
}

function answer<T>(game: VerifyGame, result: Result<T>, shape: (value: T) => object): Result<VerifyAnswer> {
  return result.ok ? ok({ game, ...shape(result.value) } as VerifyAnswer) : result;
}

function isVerifyGame(game: string): game is VerifyGame {
  return (VERIFY_GAMES as readonly string[]).includes(game);
}

/** Recomputes one result from revealed inputs, exactly as the casino's verify endpoint answers. */
export function verify(game: string, fields: VerifyFields): Result<VerifyAnswer> {
  if (!isVerifyGame(game)) return err('INVALID_GAME');
  if (game === 'crash') {
    return answer(game, crashPoint(fields.hash ?? '', fields.salt ?? ''), (hundredths) => ({
      result: formatHundredths(hundredths),
      multiplierHundredths: hundredths,
    }));
  }
  const seeds = seedsOf(fields);
  if (!seeds.ok) return seeds;
  return verifySeeded(game, seeds.value, fields);
}

function verifySeeded(
  game: Exclude<VerifyGame, 'crash'>,
  seeds: Seeds,
  fields: VerifyFields,
): Result<VerifyAnswer> {
  switch (game) {
    case 'dice':
      return answer(game, dice(seeds), (v) => ({ result: formatHundredths(v.rollHundredths) }));
    case 'limbo':
      return answer(game, limbo(seeds), (v) => ({ result: formatHundredths(v.multiplierHundredths) }));
    case 'instant-crash':
      return answer(game, instantCrash(seeds), (v) => ({ result: formatHundredths(v.multiplierHundredths) }));
    case 'mines':
      return answer(game, mines(seeds, { mines: intOf(fields.mines) }), (v) => ({
        result: v.mines.map((tile) => tile + 1),
      }));
    case 'keno':
      return answer(game, keno(seeds), (v) => ({ result: v.numbers }));
    case 'hilo':
      return answer(game, cards(seeds, { count: intOf(fields.count, MAX_CARDS) }), (v) => ({
        result: v.cards.map((card) => card.code),
      }));
    default:
      return verifyWithOptions(game, seeds, fields);
  }
}

function verifyWithOptions(
  game: 'plinko' | 'wheel' | 'tower' | 'slot',
  seeds: Seeds,
  fields: VerifyFields,
): Result<VerifyAnswer> {
  switch (game) {
    case 'plinko': {
      const risk = fields.risk;
      if (!isPlinkoRisk(risk)) return err('INVALID_RISK');
      return answer(game, plinko(seeds, { rows: intOf(fields.rows), risk }), (v) => ({
        result: v.path,
        slot: v.slot,
        multiplier: formatHundredths(v.multiplierHundredths),
      }));
    }
    case 'wheel': {
      if (!isWheelRisk(fields.risk)) return err('INVALID_RISK');
      return answer(game, wheel(seeds, { segments: intOf(fields.segments), risk: fields.risk }), (v) => ({
        result: v.segment,
        multiplier: formatHundredths(v.multiplierHundredths),
      }));
    }
    case 'tower': {
      if (!isTowerDifficulty(fields.difficulty)) return err('INVALID_DIFFICULTY');
      return answer(game, tower(seeds, { difficulty: fields.difficulty }), (v) => ({
        result: v.levels.map((safe) => safe.map((column) => column + 1)),
      }));
    }
    case 'slot':
      return answer(game, slot(seeds, { title: fields.title ?? '' }), (v) => ({
        result: v.grid,
        stops: v.stops,
        multiplier: formatHundredths(v.multiplierHundredths),
      }));
  }
}
