import { describe, expect, it } from 'vitest';
import { compactJson, formatDateTime, negateMoney } from './format.ts';

describe('negateMoney', () => {
  it('flips the sign of a decimal string without arithmetic', () => {
    expect(negateMoney('12.50')).toBe('-12.50');
    expect(negateMoney('-3.00')).toBe('3.00');
  });

  it('never writes a negative zero', () => {
    expect(negateMoney('0.00')).toBe('0.00');
    expect(negateMoney('-0.00')).toBe('0.00');
  });
});

describe('compactJson', () => {
  it('writes objects as JSON and nothing for empty values', () => {
    expect(compactJson({ status: 'OPEN' })).toBe('{"status":"OPEN"}');
    expect(compactJson(null)).toBe('');
    expect(compactJson('plain')).toBe('plain');
  });
});

describe('formatDateTime', () => {
  it('returns unreadable input unchanged', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime('2026-11-27T10:00:00Z')).toMatch(/Nov/);
  });
});
