import { describe, expect, it } from 'vitest';
import { cardFace } from './cards.ts';

describe('card faces', () => {
  it('reads rank and suit, ten written as T', () => {
    expect(cardFace('TD')).toEqual({
      rank: '10',
      suit: 'D',
      symbol: '♦',
      red: true,
      label: '10 of Diamonds',
    });
    expect(cardFace('AS')).toMatchObject({ rank: 'A', symbol: '♠', red: false, label: 'Ace of Spades' });
    expect(cardFace('jc')).toMatchObject({ rank: 'J', label: 'Jack of Clubs' });
    expect(cardFace('7H')).toMatchObject({ rank: '7', red: true, label: '7 of Hearts' });
  });

  it('answers null for codes that are not cards', () => {
    for (const code of ['', '1S', 'XD', 'TX', 'ASD']) expect(cardFace(code)).toBeNull();
  });
});
