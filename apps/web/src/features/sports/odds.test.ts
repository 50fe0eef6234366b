import { describe, expect, it } from 'vitest';
import { cellPrice, oddsFromFair, oddsText, stepOdds, tickOfOdds } from './odds.ts';

describe('bet slip odds on the ladder', () => {
  it('knows which odds are on the ladder', () => {
    expect(tickOfOdds('1.01')).toBe(0);
    expect(tickOfOdds('2.02')).not.toBeNull();
    expect(tickOfOdds('2.03')).toBeNull();
    expect(tickOfOdds('3.05')).not.toBeNull();
    expect(tickOfOdds('3.07')).toBeNull();
    expect(tickOfOdds('1000')).toBe(349);
    expect(tickOfOdds('1010')).toBeNull();
  });

  it('steps one tick at a time across every band', () => {
    const up: [string, string][] = [
      ['1.01', '1.02'],
      ['1.99', '2.00'],
      ['2.00', '2.02'],
      ['2.98', '3.00'],
      ['3.00', '3.05'],
      ['4.00', '4.10'],
      ['6.00', '6.20'],
      ['10.00', '10.50'],
      ['20.00', '21.00'],
      ['30.00', '32.00'],
      ['50.00', '55.00'],
      ['100.00', '110.00'],
      ['990.00', '1000.00'],
      ['1000.00', '1000.00'],
    ];
    for (const [from, to] of up) expect(stepOdds(from, 1)).toBe(to);
    expect(stepOdds('2.00', -1)).toBe('1.99');
    expect(stepOdds('3.05', -1)).toBe('3.00');
    expect(stepOdds('1.01', -1)).toBe('1.01');
  });

  it('moves odds between two ticks to the neighbour in that direction', () => {
    expect(stepOdds('2.03', 1)).toBe('2.04');
    expect(stepOdds('2.03', -1)).toBe('2.02');
    expect(stepOdds('', 1)).toBe('1.01');
    expect(stepOdds('x', -1)).toBe('1000.00');
  });

  it('starts an unquoted runner at its fair odds, never shorter', () => {
    expect(oddsFromFair(500_000)).toBe('2.00');
    expect(oddsFromFair(333_333)).toBe('3.05');
    expect(oddsFromFair(999_000)).toBe('1.01');
    expect(oddsFromFair(1_000)).toBe('1000.00');
    expect(oddsFromFair(null)).toBeNull();
    expect(oddsFromFair(0)).toBeNull();
  });

  it('prints odds for the field and for cells', () => {
    expect(oddsText(2)).toBe('2.00');
    expect(oddsText(1.5)).toBe('1.50');
    expect(oddsText(2.03)).toBe('2.03');
    expect(cellPrice(2)).toBe('2');
    expect(cellPrice(1.95)).toBe('1.95');
  });
});
