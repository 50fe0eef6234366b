import { describe, expect, it } from 'vitest';
import { statementQuerySchema } from '@backlay/contracts';
import { pageCount, sameParams, statementSearchParams, type StatementParams } from './statement-query.ts';

const base: StatementParams = {
  from: '2026-11-16',
  to: '2026-11-22',
  type: 'all',
  search: '',
  page: 1,
  pageSize: 10,
  tzOffsetMinutes: -330,
};

describe('statement query string', () => {
  it('sends range, type, page and page size, and leaves out a blank search', () => {
    expect(statementSearchParams(base)).toBe(
      'from=2026-11-16&to=2026-11-22&type=all&page=1&pageSize=10&tzOffsetMinutes=-330',
    );
    expect(statementSearchParams({ ...base, search: '   ' })).not.toContain('search');
  });

  it('trims and encodes the search', () => {
    const query = statementSearchParams({
      ...base,
      type: 'deposit_withdraw',
      search: ' Cash & desk ',
      page: 3,
    });
    expect(query).toBe(
      'from=2026-11-16&to=2026-11-22&type=deposit_withdraw&search=Cash+%26+desk&page=3&pageSize=10&tzOffsetMinutes=-330',
    );
    expect(new URLSearchParams(query).get('search')).toBe('Cash & desk');
  });

  it('caps the search at the server limit', () => {
    const query = statementSearchParams({ ...base, search: 'x'.repeat(150) });
    expect(new URLSearchParams(query).get('search')).toHaveLength(100);
  });

  it('produces what the server schema accepts', () => {
    const query = statementSearchParams({ ...base, type: 'casino', search: 'win', page: 2, pageSize: 50 });
    const parsed = statementQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
    expect(parsed.success && parsed.data).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
      type: 'casino',
      search: 'win',
      page: 2,
      pageSize: 50,
      tzOffsetMinutes: -330,
    });
  });
});

describe('paging', () => {
  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(101, 50)).toBe(3);
  });

  it('compares requests', () => {
    expect(sameParams(base, { ...base })).toBe(true);
    expect(sameParams(base, { ...base, page: 2 })).toBe(false);
  });
});
