import { describe, expect, it } from 'vitest';
import { KENO_DRAWS, KENO_SQUARES } from '@backlay/fair';
import { KENO_PAYTABLES, KENO_RISKS } from './keno-paytable.ts';
import { boardBets } from './board-bets.ts';
import { BINGO_PAYS_BY_LINES, bingoEngine } from './bingo.ts';
import { FISH, isCaught } from './fishing.ts';
import { diceMultiplierHundredths } from './dice.ts';
import { wheelSegmentsFor } from './wheel.ts';

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

describe('keno paytables', () => {
  it('return 97–98.5 % for every risk and pick count, and pay more for more hits', () => {
    for (const risk of KENO_RISKS) {
      KENO_PAYTABLES[risk].forEach((row, index) => {
        const picks = index + 1;
        expect(row).toHaveLength(picks + 1);
        const rtp = row.reduce((sum, pay, hits) => {
          const p =
            (choose(KENO_DRAWS, hits) * choose(KENO_SQUARES - KENO_DRAWS, picks - hits)) /
            choose(KENO_SQUARES, picks);
          return sum + (pay / 100) * p;
        }, 0);
        expect(rtp, `${risk} ${picks}`).toBeGreaterThan(0.97);
        expect(rtp, `${risk} ${picks}`).toBeLessThan(0.985);
        const paying = row.filter((pay) => pay > 0);
        expect(paying).toEqual([...paying].sort((a, b) => a - b));
        expect(Math.max(...row)).toBeLessThanOrEqual(100_000);
      });
    }
  });
});

describe('board bets', () => {
  it('pay 36x a number and 2x an even chance on 37 pockets, the zero being the edge', () => {
    const bets = boardBets({ variant: 'roulette', pockets: 37 });
    const pay = (id: string) => bets.find((bet) => bet.id === id)!.multiplierHundredths;
    expect([pay('number-0'), pay('number-17'), pay('red'), pay('odd'), pay('low'), pay('dozen-2')]).toEqual([
      3600, 3600, 200, 200, 200, 300,
    ]);
    expect(bets.find((bet) => bet.id === 'red')!.wins({ values: [32] })).toBe(true);
    expect(bets.find((bet) => bet.id === 'red')!.wins({ values: [0] })).toBe(false);
  });

  it('price dice bets at 97 % over their exact probability', () => {
    const sicBo = boardBets({ variant: 'dice', dice: 3, faces: 'pips' });
    const pay = (id: string) => sicBo.find((bet) => bet.id === id)!.multiplierHundredths;
    // Small: sums 4–10 without triples, 105 of 216 rolls; any triple 6 of 216; a face 91 of 216.
    expect(pay('small')).toBe(Math.floor((97 * 216) / 105));
    expect(pay('same')).toBe(Math.floor((97 * 216) / 6));
    expect(pay('face-3')).toBe(Math.floor((97 * 216) / 91));
    const sevenUpDown = boardBets({ variant: 'dice', dice: 2, faces: 'pips' });
    expect(sevenUpDown.find((bet) => bet.id === 'middle')!.multiplierHundredths).toBe(
      Math.floor((97 * 36) / 6),
    );
    const lottery = boardBets({ variant: 'lottery', numbers: 49, picks: 6 });
    expect(lottery).toHaveLength(49);
    expect(lottery[0]!.multiplierHundredths).toBe(Math.floor((97 * 49) / 6));
  });
});

describe('fishing, dice and wheel', () => {
  it('a shot at a fish paying m lands on 97/m of the 2^32 draws', () => {
    for (const fish of FISH) {
      const threshold = Math.ceil((97 * 2 ** 32) / fish.multiplierHundredths);
      expect(isCaught(threshold - 1, fish.multiplierHundredths)).toBe(true);
      expect(isCaught(threshold, fish.multiplierHundredths)).toBe(false);
    }
  });

  it('dice pays 99 % over the win chance; wheel counts snap to the published ones', () => {
    expect(diceMultiplierHundredths({ target: 5000, direction: 'under' })).toBe(198);
    expect(diceMultiplierHundredths({ target: 9900, direction: 'over' })).toBe(9900);
    expect([2, 12, 24, 28, 30, 50].map(wheelSegmentsFor)).toEqual([10, 10, 20, 30, 30, 50]);
  });
});

describe('bingo', () => {
  it('returns roughly 96 % over 12,000 cards and every card has 24 numbers in its columns', () => {
    let paid = 0;
    const rounds = 3000;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const result = bingoEngine.play(
        { serverSeed: 'bingo seed', clientSeed: 'rtp', nonce },
        { cards: 4 },
        { maxCards: 4 },
      );
      if (!result.ok) throw new Error(result.code);
      paid += result.value.multiplierHundredths;
      if (nonce === 0) {
        const { cards } = result.value.outcome as { cards: number[][] };
        for (const card of cards) {
          card.forEach((number, square) => {
            if (square === 12) return expect(number).toBe(0);
            const column = Math.floor(square / 5);
            expect(number).toBeGreaterThan(column * 15);
            expect(number).toBeLessThanOrEqual(column * 15 + 15);
          });
        }
      }
    }
    const rtp = paid / 100 / rounds;
    expect(rtp).toBeGreaterThan(0.85);
    expect(rtp).toBeLessThan(1.1);
    expect(BINGO_PAYS_BY_LINES[0]).toBe(0);
  });
});
