import type { Prng } from './prng.ts';

/** Fictional names from syllables and word lists: no real clubs, players, animals or parties. */
const TOWN_START = [
  'Nor',
  'Ast',
  'Bel',
  'Cal',
  'Dun',
  'Esk',
  'Fal',
  'Gar',
  'Hal',
  'Kel',
  'Lin',
  'Mar',
  'Oak',
  'Ped',
  'Ros',
  'Sel',
  'Tam',
  'Val',
  'Wyn',
  'Yar',
];
const TOWN_END = [
  'vale',
  'ford',
  'mouth',
  'bury',
  'haven',
  'wick',
  'stead',
  'holm',
  'port',
  'field',
  'more',
  'gate',
  'ton',
  'burn',
  'cliff',
];
const GIVEN = [
  'Aran',
  'Bela',
  'Cato',
  'Dara',
  'Eli',
  'Fenn',
  'Gia',
  'Hugo',
  'Ines',
  'Jory',
  'Kai',
  'Lena',
  'Milo',
  'Nia',
  'Oren',
  'Pia',
  'Rafe',
  'Sana',
  'Teo',
  'Vera',
];
const FAMILY_START = [
  'Bran',
  'Cor',
  'Dal',
  'Ferr',
  'Hart',
  'Lor',
  'Mor',
  'Nav',
  'Ost',
  'Quin',
  'Rav',
  'Sor',
  'Tav',
  'Vel',
  'Wex',
];
const FAMILY_END = [
  'elli',
  'ova',
  'son',
  'ard',
  'enko',
  'ez',
  'ani',
  'berg',
  'ley',
  'ic',
  'ovic',
  'ton',
  'ier',
  'ada',
];
const HORSE_FIRST = [
  'Silver',
  'Midnight',
  'Copper',
  'Velvet',
  'Northern',
  'Lucky',
  'Quiet',
  'Golden',
  'Wild',
  'Crimson',
  'Misty',
  'Bold',
];
const HORSE_SECOND = [
  'Harbour',
  'Echo',
  'Lantern',
  'Meadow',
  'Comet',
  'Falcon',
  'Rhythm',
  'Voyage',
  'Ember',
  'Whisper',
  'Summit',
  'Tide',
];
const PARTY = [
  'Progress',
  'Unity',
  'Civic',
  'Green Future',
  'Liberty',
  'Common Ground',
  'Heritage',
  'New Horizon',
  'Reform',
  'Solidarity',
];
const PARTY_KIND = ['Party', 'Alliance', 'Movement', 'League', 'Coalition'];

export type CompetitorKind = 'team' | 'person' | 'horse' | 'dog' | 'party';

export function townName(prng: Prng): string {
  return prng.pick(TOWN_START) + prng.pick(TOWN_END);
}

export function personName(prng: Prng): string {
  return `${prng.pick(GIVEN)} ${prng.pick(FAMILY_START)}${prng.pick(FAMILY_END)}`;
}

export function competitorName(kind: CompetitorKind, prng: Prng, teamSuffix: string): string {
  switch (kind) {
    case 'team':
      return teamSuffix ? `${townName(prng)} ${teamSuffix}` : townName(prng);
    case 'person':
      return personName(prng);
    case 'horse':
    case 'dog':
      return `${prng.pick(HORSE_FIRST)} ${prng.pick(HORSE_SECOND)}`;
    case 'party':
      return `${prng.pick(PARTY)} ${prng.pick(PARTY_KIND)}`;
  }
}

/** `count` distinct names (retries a few times, then numbers the duplicates). */
export function distinctNames(count: number, make: () => string): string[] {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    let name = make();
    for (let tries = 0; names.includes(name) && tries < 10; tries++) name = make();
    names.push(names.includes(name) ? `${name} ${i + 1}` : name);
  }
  return names;
}
