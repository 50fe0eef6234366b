import { sha256Hex } from './hash.ts';
import type { EngineParamsMap, SlotPaytable } from './types.ts';

type SlotParams = EngineParamsMap['slots'];

/** Name keywords → theme; the first match wins, so the more specific words come first. */
const THEME_KEYWORDS: readonly (readonly [RegExp, string])[] = [
  [/gem|diamond|jewel|crystal/i, 'gems'],
  [/ace|joker|card|poker|mahjong/i, 'cards'],
  [/egypt|pharaoh|medusa|zeus|poseidon|olymp|thor|mjolnir|roma|arthur/i, 'myth'],
  [/dragon|qilin|phoenix|fengshen|wukong|monkey king|martial|guan gong|daji|huang/i, 'legend'],
  [/caishen|fortune|rich|money|gold|coin|treasure|wealth|bank|billion|lucky|prosper|pot\b/i, 'riches'],
  [
    /buffalo|tiger|lion|panda|bear|horse|pig|piggy|neko|doggy|elephant|kong|llama|rooster|jaguar|bird/i,
    'animals',
  ],
  [/candy|sweet|fruit|banana|chilli|bonanza/i, 'sweets'],
  [/party|disco|samba|fiesta|night|beauty|girl|queen|babe/i, 'party'],
  [/7|seven|fa ?fa|classic/i, 'classic'],
];

const FALLBACK_THEMES = ['adventure', 'mystic', 'heroes', 'journey'];

/** Name keywords → reel layout, for titles whose layout is part of their identity. */
const PAYTABLE_KEYWORDS: readonly (readonly [RegExp, SlotPaytable])[] = [
  [/777|seven|fa ?fa ?fa|fortune gems|lucky seven|classic/i, 'classic-3x3-5'],
  [/ace|joker|trump/i, 'ways-5x4-1024'],
  [/candy|sweet|bonanza|party|pop pop/i, 'cluster-6x5'],
  [/buffalo|empire|boxing|megaways|hyper/i, 'ways-6x4-4096'],
];

const FALLBACK_PAYTABLES: readonly SlotPaytable[] = ['lines-5x3-20', 'lines-5x3-25', 'ways-5x4-1024'];
const VOLATILITIES: readonly SlotParams['volatility'][] = ['low', 'medium', 'high'];

function pick<T>(items: readonly T[], seed: number): T {
  return items[seed % items.length]!;
}

/**
 * Slot engine parameters derived from the title alone: a theme and reel layout from keywords in the name
 * (falling back to a choice by hash), and a volatility by hash. Deterministic, so a title always opens
 * with the same paytable.
 */
export function slotParamsFor(provider: string, name: string): SlotParams {
  const seed = Number.parseInt(sha256Hex(`slot:${provider}:${name}`).slice(0, 8), 16);
  const theme = THEME_KEYWORDS.find(([pattern]) => pattern.test(name))?.[1] ?? pick(FALLBACK_THEMES, seed);
  const paytable =
    PAYTABLE_KEYWORDS.find(([pattern]) => pattern.test(name))?.[1] ?? pick(FALLBACK_PAYTABLES, seed >>> 4);
  return { paytable, theme, volatility: pick(VOLATILITIES, seed >>> 8) };
}
