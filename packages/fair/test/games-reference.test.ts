import { describe, expect, it } from 'vitest';
import { dice } from '../src/games/dice.ts';
import { limbo } from '../src/games/limbo.ts';
import { mines } from '../src/games/mines.ts';
import { keno } from '../src/games/keno.ts';
import { plinko } from '../src/games/plinko.ts';
import { wheel } from '../src/games/wheel.ts';
import { cards } from '../src/games/cards.ts';
import { tower } from '../src/games/tower.ts';
import { plinkoTable } from '../src/games/plinko-tables.ts';
import { wheelTable } from '../src/games/wheel-tables.ts';
import { range } from '../src/games/draw.ts';
import { REFERENCE_CARDS, referenceDraw, referenceFloats, testStrings } from './support/reference.ts';

const value = <T>(result: { ok: true; value: T } | { ok: false; code: string }): T => {
  if (!result.ok) throw new Error(result.code);
  return result.value;
};

// 150 seed triples with seeds of every length 1..60, nonces spread over the safe range.
const cases = testStrings(21, 150, 60).map((text, i) => ({
  serverSeed: `s${text}`,
  clientSeed: `c${text.slice(0, 20)}`,
  nonce: i % 3 === 0 ? i : i * 7_919_993,
}));

describe('every game agrees with the slow reference', () => {
  it.each(cases.map((seeds, i) => ({ seeds, i })))('case $i', ({ seeds, i }) => {
    const floats = referenceFloats(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 60);
    expect(value(dice(seeds)).rollHundredths).toBe(Math.floor(floats[0]! * 10001));
    const point = (1e8 / (Math.floor(floats[0]! * 1e8) + 1)) * 0.99;
    expect(value(limbo(seeds)).multiplierHundredths).toBe(Math.max(100, Math.floor(point * 100)));
    const mineCount = 1 + (i % 24);
    expect(value(mines(seeds, { mines: mineCount })).mines).toEqual(
      referenceDraw(floats, range(0, 25), mineCount),
    );
    expect(value(keno(seeds)).numbers).toEqual(referenceDraw(floats, range(1, 41), 10));
    const rows = 8 + (i % 9);
    const path = floats
      .slice(0, rows)
      .map((f) => (Math.floor(f * 2) === 1 ? 'R' : 'L'))
      .join('');
    const slot = [...path].filter((step) => step === 'R').length;
    const risk = (['low', 'medium', 'high'] as const)[i % 3]!;
    expect(value(plinko(seeds, { rows, risk }))).toEqual({
      path,
      slot,
      multiplierHundredths: plinkoTable(rows, risk)![slot],
    });
    const segments = 10 * (1 + (i % 5));
    const segment = Math.floor(floats[0]! * segments);
    expect(value(wheel(seeds, { segments, risk }))).toEqual({
      segment,
      multiplierHundredths: wheelTable(segments, risk)![segment],
    });
    const dealt = value(cards(seeds, { count: 52 })).cards.map((card) => card.code);
    expect(dealt).toEqual(floats.slice(0, 52).map((f) => REFERENCE_CARDS[Math.floor(f * 52)]));
    const levels = value(tower(seeds, { difficulty: 'easy' })).levels;
    expect(levels).toEqual(
      range(0, 9).map((level) => referenceDraw(floats.slice(level * 3), range(0, 4), 3)),
    );
  });
});
