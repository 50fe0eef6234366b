import { describe, expect, it } from 'vitest';
import { catalogue, dedupeById, findGame, THUMBNAIL_PATH_PREFIX } from './catalogue.ts';
import type { CatalogueEntry, Category } from './types.ts';

const all = [...catalogue.jili, ...catalogue.spribe, ...catalogue.jdb];
const count = (list: readonly CatalogueEntry[], ...categories: Category[]) =>
  list.filter((entry) => categories.includes(entry.category)).length;

// Spec §1 names these crash and instant titles in the JILI-style catalogue.
const SPEC_INSTANT_TITLES = [
  'Go Rush',
  'Mines',
  'Tower',
  'HILO',
  'Limbo',
  'Wheel',
  'Mines Gold',
  'Keno',
  'Plinko',
  'Crash Bonus',
  'Crash Goal',
  'Crash Cricket',
];
const SPRIBE_NAMES = [
  'Aviator',
  'Dice',
  'Goal',
  'Hi Lo',
  'Hotline',
  'Keno',
  'Mines',
  'Mini Roulette',
  'Plinko',
  'Balloon',
  'Keno 80',
];

describe('catalogue sizes (spec §1, §9)', () => {
  it('has about 100 slots, 11 fishing and about 50 table/card/bingo titles in the JILI-style list', () => {
    expect(count(catalogue.jili, 'slot')).toBeGreaterThanOrEqual(90);
    expect(count(catalogue.jili, 'slot')).toBeLessThanOrEqual(110);
    expect(count(catalogue.jili, 'fishing')).toBe(11);
    expect(count(catalogue.jili, 'table', 'card', 'bingo')).toBeGreaterThanOrEqual(40);
    expect(count(catalogue.jili, 'table', 'card', 'bingo')).toBeLessThanOrEqual(60);
    expect(count(catalogue.jili, 'crash', 'instant')).toBeGreaterThanOrEqual(SPEC_INSTANT_TITLES.length);
  });

  it("has SPRIBE's 11 and about 130 JDB titles", () => {
    expect(catalogue.spribe.map((entry) => entry.name)).toEqual(SPRIBE_NAMES);
    expect(catalogue.jdb.length).toBeGreaterThanOrEqual(120);
    expect(catalogue.jdb.length).toBeLessThanOrEqual(140);
  });

  it('lists every crash and instant title the spec names', () => {
    const names = new Set(
      catalogue.jili.filter((e) => ['crash', 'instant'].includes(e.category)).map((e) => e.name),
    );
    for (const name of SPEC_INSTANT_TITLES) expect(names, name).toContain(name);
  });
});

describe('fantasy (docs/decisions/0179)', () => {
  it('has a fantasy category of instant prediction titles on sport, in the JILI-style list', () => {
    const fantasy = all.filter((entry) => entry.category === 'fantasy');
    expect(fantasy.map((entry) => entry.name)).toEqual([
      'Penalty Shoot-out',
      'Cricket Over',
      'Next Ball',
      'Goal or No Goal',
    ]);
    expect(fantasy.every((entry) => entry.provider === 'jili')).toBe(true);
    expect(new Set(fantasy.map((entry) => entry.engine))).toEqual(
      new Set(['shootout', 'cricket', 'goal-call']),
    );
    expect(findGame(fantasy[1]!.id)).toMatchObject({ engine: 'cricket', params: { balls: 6 } });
  });
});

describe('engine parameters the fair engines reproduce (docs/decisions/0180)', () => {
  it('keeps keno on the published 10-of-40 draw and wheels on 10 to 50 segments', () => {
    for (const entry of all) {
      if (entry.engine === 'keno')
        expect(entry.params, entry.name).toMatchObject({ boardSize: 40, drawn: 10 });
      if (entry.engine === 'wheel') expect([10, 20, 30, 40, 50], entry.name).toContain(entry.params.segments);
    }
  });
});

describe('ids', () => {
  it('are unique per list and across the whole catalogue', () => {
    for (const list of [catalogue.jili, catalogue.spribe, catalogue.jdb]) {
      expect(new Set(list.map((entry) => entry.id)).size).toBe(list.length);
    }
    expect(new Set(all.map((entry) => String(entry.id))).size).toBe(all.length);
  });

  it('are opaque 32-character codes for JILI-style and SPRIBE titles and numbers for JDB', () => {
    for (const entry of [...catalogue.jili, ...catalogue.spribe]) expect(entry.id).toMatch(/^[0-9a-f]{32}$/);
    for (const entry of catalogue.jdb) expect(Number.isInteger(entry.id)).toBe(true);
  });

  it('keep the Aviator launch the web already uses: JDB gType 22, gameId 22001 (spec §7, §9)', () => {
    const aviator = findGame(22001);
    expect(aviator).toMatchObject({ name: 'Aviator', provider: 'jdb', gType: 22, engine: 'crash' });
    expect(findGame('22001')).toBe(aviator);
  });

  it('leave the shared sports game id to the sportsbook', () => {
    expect(findGame('sports')).toBeUndefined();
  });

  it('give JDB titles the gType their mType series belongs to (slots: series 8, 14, 15 → gType 0)', () => {
    for (const entry of catalogue.jdb) {
      const series = Math.floor((entry.id as number) / 1000);
      const expected = [8, 14, 15].includes(series) ? 0 : series;
      expect(entry.gType, entry.name).toBe(expected);
    }
  });
});

describe('dedupeById', () => {
  it('keeps the first entry of an id listed twice, in order', () => {
    const merged = dedupeById([
      [
        { id: 'a', from: 1 },
        { id: 'b', from: 1 },
      ],
      [
        { id: 'b', from: 2 },
        { id: 'c', from: 2 },
      ],
    ]);
    expect(merged).toEqual([
      { id: 'a', from: 1 },
      { id: 'b', from: 1 },
      { id: 'c', from: 2 },
    ]);
  });

  it('leaves no title twice in the merged JILI-style list', () => {
    expect(new Set(catalogue.jili.map((entry) => entry.name)).size).toBe(catalogue.jili.length);
  });
});

describe('entries', () => {
  it('each carry an engine with parameters and a thumbnail address under the served prefix', () => {
    for (const entry of all) {
      expect(entry.engine, entry.name).toBeTruthy();
      expect(entry.params.theme, entry.name).toBeTruthy();
      expect(entry.img).toBe(`${THUMBNAIL_PATH_PREFIX}${entry.id}.svg`);
    }
  });

  it('open slots with a paytable and plinko with 8 to 16 rows', () => {
    for (const entry of all) {
      if (entry.engine === 'slots')
        expect(entry.params.paytable, entry.name).toMatch(/^(classic|lines|ways|cluster)-/);
      if (entry.engine === 'plinko') expect(entry.params.rows).toBeGreaterThanOrEqual(8);
      if (entry.engine === 'plinko') expect(entry.params.rows).toBeLessThanOrEqual(16);
      if (entry.engine === 'slots') expect(entry.category).toBe('slot');
    }
  });

  it('mark generated JDB codes as unconfirmed and every other title as confirmed', () => {
    const unconfirmed = all.filter((entry) => !entry.confirmed);
    expect(unconfirmed.every((entry) => entry.provider === 'jdb')).toBe(true);
    expect(unconfirmed.map((entry) => entry.id)).toEqual([18027, 18028]);
  });
});
