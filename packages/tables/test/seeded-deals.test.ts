import { createHmac } from 'node:crypto';
import { CARD_ORDER } from '@backlay/fair';
import { describe, expect, it } from 'vitest';
import { dealRound, TABLE_GAMES, tableGame } from '../src/catalogue.ts';

const SEEDS = { serverSeed: 'some server seed', clientSeed: 'some client seed', nonce: 1 };

/** The published stream recomputed with node:crypto: floats of HMAC-SHA256(server seed, `client:nonce:0`). */
function referenceFloats(): number[] {
  const block = createHmac('sha256', SEEDS.serverSeed)
    .update(`${SEEDS.clientSeed}:${SEEDS.nonce}:0`)
    .digest();
  return Array.from({ length: 8 }, (_, i) => block.readUInt32BE(i * 4) / 2 ** 32);
}

describe('deals from the published byte stream', () => {
  it('reads the first float as any public verifier does', () => {
    const [first] = referenceFloats() as [number];
    expect(dealRound(tableGame('lucky-7')!, SEEDS).hands[0]!.cards).toEqual([
      CARD_ORDER[Math.floor(first * 52)],
    ]);
    expect(dealRound(tableGame('roulette')!, SEEDS).number).toBe(Math.floor(first * 37));
    expect(dealRound(tableGame('ball-by-ball')!, SEEDS).ball).toBe('1'); // ⌊0.5919 × 10,000⌋ = 5919
  });

  it('pins every table’s deal for one set of seeds', () => {
    const dealt = Object.fromEntries(
      TABLE_GAMES.map((game) => {
        const outcome = dealRound(game, SEEDS);
        return [
          game.id,
          [outcome.hands.map((hand) => `${hand.name}: ${hand.cards.join(' ')}`), outcome.winner],
        ];
      }),
    );
    expect(dealt).toEqual({
      'dragon-tiger': [['Dragon: JS', 'Tiger: 9D'], 'Dragon'],
      'lucky-7': [['Card: 9S'], 'High Card'],
      'teen-patti-20': [['Player A: 9S 4D 9D', 'Player B: QS 5S KC'], 'Player A (Pair)'],
      'andar-bahar': [['Joker: 9S', 'Andar: QS 5S', 'Bahar: 4D 9D'], 'Bahar (9)'],
      '32-cards': [['Player 8: TS', 'Player 9: QS', 'Player 10: 7H', 'Player 11: 8H'], 'Player 9 (21)'],
      baccarat: [['Player: JS 6C', 'Banker: 9D 4C 6S'], 'Banker (6-9)'],
      'casino-war': [
        ['Hand 1: 9D', 'Hand 2: KC', 'Hand 3: 2H', 'Hand 4: TS', 'Hand 5: 5H', 'Hand 6: 8H', 'Dealer: 7D'],
        'Hand 1, Hand 2, Hand 4, Hand 6',
      ],
      '3-card-judgement': [['Cards: 9S QS 4D'], '4 9 Q'],
      worli: [['Cards: 7C TD 3S'], '370-0'],
      roulette: [[], '21 Red'],
      'poker-20': [['Player A: 9S 4D', 'Player B: QS 5S', 'Board: 9D KC JH 6H QD'], 'Player B (Pair)'],
      'ball-by-ball': [[], '1 Run'],
    });
  });

  it('deals the same outcome for the same seeds and another for the next nonce', () => {
    for (const game of TABLE_GAMES) {
      expect(dealRound(game, SEEDS)).toEqual(dealRound(game, SEEDS));
    }
    const next = TABLE_GAMES.filter((game) => {
      const a = dealRound(game, SEEDS);
      const b = dealRound(game, { ...SEEDS, nonce: 2 });
      return JSON.stringify(a) !== JSON.stringify(b);
    });
    expect(next.length).toBeGreaterThanOrEqual(10);
  });
});
