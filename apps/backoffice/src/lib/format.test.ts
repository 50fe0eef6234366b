import { describe, expect, it } from 'vitest';
import { compactJson, formatDateTime } from './format.ts';

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
