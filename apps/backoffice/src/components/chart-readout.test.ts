import { describe, expect, it } from 'vitest';
import { formatAmount, formatRate } from '../lib/chart-figures.ts';
import type { ChartAxis, ChartSeries } from './chart-types.ts';
import { readoutAt, readoutPlace } from './chart-readout.ts';

// Local wall-clock instants, so the expected HH:MM holds in any time zone.
const at = (hour: number, minute: number) => new Date(2026, 2, 1, hour, minute).getTime() / 1000;

const minutes: ChartAxis = {
  kind: 'time',
  header: 'Minute',
  values: [at(9, 5), at(14, 0), at(23, 59)],
  labels: ['ignored', 'ignored', 'ignored'],
};

const bets: ChartSeries[] = [
  { label: 'Bets per second', values: [0.25, null, 12], color: 'teal', style: 'line', format: formatRate },
  { label: 'Turnover', values: [1234.5, 0, -2], color: 'accent', style: 'bars', format: formatAmount },
];

describe('chart readout', () => {
  it('says the hovered minute on the 24-hour clock and each series formatted, "—" for no value', () => {
    expect(readoutAt(minutes, bets, 0)).toEqual({
      x: '09:05',
      rows: [
        { label: 'Bets per second', value: '0.25', color: 'teal' },
        { label: 'Turnover', value: '1,234.5', color: 'accent' },
      ],
    });
    expect(readoutAt(minutes, bets, 1)?.rows.map((row) => row.value)).toEqual(['—', '0']);
    expect(readoutAt(minutes, bets, 2)?.x).toBe('23:59');
  });

  it('names a category by its label and has nothing to say past the last point', () => {
    const days: ChartAxis = { kind: 'category', header: 'Day', values: [], labels: ['25 Nov', '26 Nov'] };
    const won: ChartSeries = { ...bets[1]!, label: 'GGR won', values: [5, null] };
    expect(readoutAt(days, [won], 1)).toEqual({
      x: '26 Nov',
      rows: [{ label: 'GGR won', value: '—', color: 'accent' }],
    });
    expect(readoutAt(days, [won], 2)).toBeNull();
    expect(readoutAt(minutes, bets, 3)).toBeNull();
  });

  it('sits right of and above the pointer, flips left at the right edge and below at the top', () => {
    const box = { width: 120, height: 50 };
    const area = { width: 300, height: 180 };
    expect(readoutPlace({ left: 40, top: 100 }, box, area)).toEqual({ left: 52, top: 38 });
    expect(readoutPlace({ left: 250, top: 100 }, box, area)).toEqual({ left: 118, top: 38 });
    expect(readoutPlace({ left: 40, top: 20 }, box, area)).toEqual({ left: 52, top: 32 });
    expect(readoutPlace({ left: 40, top: 175 }, box, area)).toEqual({ left: 52, top: 113 });
  });

  it('never leaves a plotting area narrower than itself', () => {
    const place = readoutPlace(
      { left: 60, top: 100 },
      { width: 160, height: 50 },
      { width: 150, height: 180 },
    );
    expect(place.left).toBe(0);
  });
});
