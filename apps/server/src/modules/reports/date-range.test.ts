import { describe, expect, it } from 'vitest';
import { unwrap } from '../../platform/rejections.ts';
import { resolveDayRange } from './date-range.ts';

const NOW = Date.UTC(2026, 10, 22, 20, 0); // 22 Nov 2026 20:00 UTC = 23 Nov 01:30 in India

describe('resolveDayRange', () => {
  it('defaults to the last 7 UTC days', () => {
    const range = unwrap(resolveDayRange(undefined, undefined, NOW));
    expect(range).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
    expect(range.startMs).toBe(Date.UTC(2026, 10, 16));
    expect(range.endExclusiveMs).toBe(Date.UTC(2026, 10, 23));
  });

  it("uses the player's own days when given the browser's offset", () => {
    const india = unwrap(resolveDayRange(undefined, undefined, NOW, -330));
    expect(india).toMatchObject({ from: '2026-11-17', to: '2026-11-23' });
    expect(india.startMs).toBe(Date.UTC(2026, 10, 17) - 330 * 60_000);
    expect(india.endExclusiveMs).toBe(Date.UTC(2026, 10, 24) - 330 * 60_000);
    const newYork = unwrap(resolveDayRange('2026-11-22', '2026-11-22', NOW, 300));
    expect(newYork.startMs).toBe(Date.UTC(2026, 10, 22, 5));
    expect(newYork.endExclusiveMs).toBe(Date.UTC(2026, 10, 23, 5));
  });

  it.each([
    ['2026-02-30', '2026-03-01', 'INVALID_DATE'],
    ['2023-02-30', '2023-03-01', 'INVALID_DATE'],
    ['9999-12-31', '9999-12-31', 'INVALID_DATE'],
    ['2099-12-31', '2100-01-01', 'INVALID_DATE'],
    ['1999-12-31', '2000-01-01', 'INVALID_DATE'],
    ['2026-11-23', '2026-11-22', 'INVALID_DATE_RANGE'],
    ['2024-01-01', '2026-11-22', 'INVALID_DATE_RANGE'],
  ])('refuses from %s to %s with %s', (from, to, code) => {
    expect(resolveDayRange(from, to, NOW)).toMatchObject({ ok: false, kind: 'invalid', code });
  });
});
