import {
  cards,
  CARD_ORDER,
  checkSeeds,
  formatHundredths,
  OutcomeStream,
  seedsOf,
  type Seeds,
} from '@backlay/fair';
import { reject, type Result } from '@backlay/rejections';
import type { VerifyFieldForm, VerifyGameForm } from '../contract/api.ts';
import { bingoRound, linesOf } from '../games/engines/bingo.ts';
import { boardDraw } from '../games/engines/board.ts';
import { pocketColour } from '../games/engines/board-bets.ts';
import { playDuel, type CardDuelVariant } from '../games/engines/card-duel-rules.ts';
import { cricketModel, runsOf, wicketsOf } from '../games/engines/cricket.ts';
import { FISH, isCaught } from '../games/engines/fishing.ts';
import { goalCallModel, goalsOf } from '../games/engines/goal-call.ts';
import { drawEvents } from '../games/engines/prediction.ts';
import { keeperZones } from '../games/engines/shootout.ts';
import { HOUSE_GAME_FORMS } from './verify-games.ts';
import { fairMessage } from './verify-messages.ts';

export type Answer = { game: string; result: unknown; [extra: string]: unknown };
type Values = Record<string, string>;
type Recompute = (seeds: Seeds, values: Values) => { result: unknown; [extra: string]: unknown };

const codes = (indices: readonly number[]) => indices.map((index) => CARD_ORDER[index]!);
const deckOf = (seeds: Seeds, count = 52) => {
  const dealt = cards(seeds, { count });
  if (!dealt.ok) throw new Error(dealt.code);
  return dealt.value.cards.map((card) => card.index);
};

function duel(variant: CardDuelVariant): Recompute {
  return (seeds, values) => {
    const handSize = values.handSize === '3' ? 3 : 5;
    const outcome = playDuel({ variant, handSize }, deckOf(seeds));
    const hands = Object.fromEntries(
      Object.entries(outcome.hands).map(([side, hand]) => [side, codes(hand)]),
    );
    return { result: outcome.winner, hands, detail: outcome.detail };
  };
}

/** How each of the aggregator's own engines recomputes a round from its seeds and table settings. */
const RECOMPUTE: Readonly<Record<string, Recompute>> = {
  roulette(seeds, values) {
    const pockets = Number(values.pockets);
    const [pocket] = boardDraw(seeds, { variant: 'roulette', pockets }).values;
    return { result: pocket, colour: pocketColour(pocket!, pockets) };
  },
  'sic-bo'(seeds, values) {
    const faces = boardDraw(seeds, { variant: 'dice', dice: Number(values.dice), faces: 'pips' }).values;
    return { result: faces, total: faces.reduce((a, b) => a + b, 0) };
  },
  lottery: (seeds, values) => ({
    result: boardDraw(seeds, {
      variant: 'lottery',
      numbers: Number(values.numbers),
      picks: Number(values.picks),
    }).values,
  }),
  baccarat: duel('baccarat'),
  'dragon-tiger': duel('dragon-tiger'),
  'andar-bahar': duel('andar-bahar'),
  'teen-patti': duel('teen-patti'),
  poker: duel('poker'),
  blackjack(seeds, values) {
    const deck = deckOf(seeds, Number(values.count));
    // Dealt player, dealer, player, dealer (hole card); hits and then the dealer's draws take the rest in order.
    return { result: codes(deck), player: codes([deck[0]!, deck[2]!]), dealer: codes([deck[1]!, deck[3]!]) };
  },
  bingo(seeds, values) {
    const round = bingoRound(seeds, Number(values.cards));
    return {
      result: round.calls,
      cards: round.cards,
      lines: round.cards.map((card) => linesOf(card, round.calls)),
    };
  },
  fishing(seeds, values) {
    const fish = FISH.find((candidate) => candidate.id === values.fish)!;
    const draw = new OutcomeStream(seeds).nextUint32();
    const caught = isCaught(draw, fish.multiplierHundredths);
    // Caught when the first float is below 0.97 / multiplier.
    return {
      result: caught ? 'caught' : 'missed',
      float: draw / 2 ** 32,
      multiplier: formatHundredths(fish.multiplierHundredths),
    };
  },
  shootout: (seeds, values) => ({
    result: keeperZones(seeds, Number(values.saves)).map((zone) => zone + 1),
  }),
  cricket(seeds, values) {
    const balls = drawEvents(seeds, cricketModel({ balls: values.balls === '1' ? 1 : 6 }));
    return { result: balls, runs: runsOf(balls), wickets: wicketsOf(balls) };
  },
  'goal-call'(seeds, values) {
    const attacks = drawEvents(seeds, goalCallModel({ attacks: Number(values.attacks) }));
    return { result: attacks, goals: goalsOf(attacks) };
  },
};

const codeOf = (name: string) => `INVALID_${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
const WHOLE_NUMBER = /^\d{1,3}$/;

/** The field's value (or its default) when it is one of its options or a whole number in its range. */
function valueOf(field: VerifyFieldForm, raw: string | undefined): Result<string> {
  const text = raw === undefined || raw === '' ? field.default : raw;
  if (field.options) {
    if (text !== undefined && field.options.includes(text)) return { ok: true, value: text };
    return reject('invalid', codeOf(field.name), `${field.name} must be one of ${field.options.join(', ')}.`);
  }
  const number = text !== undefined && WHOLE_NUMBER.test(text) ? Number(text) : NaN;
  if (number >= (field.min ?? 0) && number <= (field.max ?? 999)) return { ok: true, value: String(number) };
  return reject(
    'invalid',
    codeOf(field.name),
    `${field.name} must be a whole number from ${field.min} to ${field.max}.`,
  );
}

function valuesOf(
  form: VerifyGameForm,
  fields: Readonly<Record<string, string | undefined>>,
): Result<Values> {
  const values: Values = {};
  for (const field of form.fields) {
    const value = valueOf(field, fields[field.name]);
    if (!value.ok) return value;
    values[field.name] = value.value;
  }
  if (form.game === 'lottery' && Number(values.picks) > Number(values.numbers)) {
    return reject('invalid', 'INVALID_PICKS', 'picks must not be more than numbers.');
  }
  return { ok: true, value: values };
}

export const isHouseGame = (game: string): boolean => game in RECOMPUTE;

/** Recomputes a round of one of the aggregator's own games from its revealed seeds and settings. */
export function verifyHouseGame(
  game: string,
  fields: Readonly<Record<string, string | undefined>>,
): Result<Answer> {
  const form = HOUSE_GAME_FORMS.find((candidate) => candidate.game === game);
  const recompute = RECOMPUTE[game];
  if (form === undefined || recompute === undefined)
    return reject('invalid', 'INVALID_GAME', fairMessage('INVALID_GAME'));
  const parsed = seedsOf(fields);
  const seeds = parsed.ok ? checkSeeds(parsed.value) : parsed;
  if (!seeds.ok) return reject('invalid', seeds.code, fairMessage(seeds.code));
  const values = valuesOf(form, fields);
  if (!values.ok) return values;
  return { ok: true, value: { game, ...recompute(seeds.value, values.value) } };
}
