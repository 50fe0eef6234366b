import { describe, expect, it } from 'vitest';
import { amountCellText } from './statement-format.ts';

describe('statement amounts', () => {
  it('shows a dash for sides that did not move', () => {
    expect(amountCellText('0.00', 'en-US')).toBe('-');
    expect(amountCellText('-0.00', 'en-US')).toBe('-');
  });

  it('shows other amounts in the portal money format', () => {
    expect(amountCellText('1500.00', 'en-US')).toBe('1,500.00');
    expect(amountCellText('0.05', 'en-US')).toBe('0.05');
    expect(amountCellText('12345678.90', 'en-US')).toBe('12,345,678.90');
  });
});
