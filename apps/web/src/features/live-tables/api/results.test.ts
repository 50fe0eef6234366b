import { describe, expect, it } from 'vitest';
import { resultsSearch } from './results.ts';

describe('casino results query', () => {
  it('sends only the filters that are set', () => {
    expect(resultsSearch({ table: '', date: '', page: 1, pageSize: 10 })).toBe('page=1&pageSize=10');
    expect(resultsSearch({ table: 'dragon-tiger', date: '2026-11-23', page: 3, pageSize: 50 })).toBe(
      'table=dragon-tiger&date=2026-11-23&page=3&pageSize=50',
    );
  });
});
