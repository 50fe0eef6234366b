import { describe, expect, it } from 'vitest';
import { lastDays } from './api.ts';

describe('lastDays', () => {
  it('spans the given number of calendar days ending today, across a month end', () => {
    expect(lastDays(7, new Date(2026, 2, 3))).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(lastDays(1, new Date(2026, 10, 27))).toEqual({ from: '2026-11-27', to: '2026-11-27' });
  });
});
