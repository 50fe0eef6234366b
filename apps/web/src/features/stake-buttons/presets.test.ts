import { describe, expect, it } from 'vitest';
import { DEFAULT_PRESETS, parsePresets, presetErrors, toDrafts } from './presets.ts';

describe('stake presets', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_PRESETS.map((p) => p.label)).toEqual([
      '1k',
      '2k',
      '5k',
      '10k',
      '20k',
      '25k',
      '50k',
      '75k',
      '90k',
      '95k',
    ]);
    expect(DEFAULT_PRESETS.map((p) => p.value)).toEqual([
      1000, 2000, 5000, 10000, 20000, 25000, 50000, 75000, 90000, 95000,
    ]);
  });

  it('accepts the defaults and the limits', () => {
    expect(parsePresets(toDrafts(DEFAULT_PRESETS))).toEqual(DEFAULT_PRESETS);
    expect(presetErrors({ label: ' x ', value: '1' })).toEqual([]);
    expect(presetErrors({ label: 'max', value: '10000000' })).toEqual([]);
  });

  it('requires a label', () => {
    expect(presetErrors({ label: '  ', value: '5' })).toEqual(['Label is required.']);
    expect(presetErrors({ label: 'x'.repeat(13), value: '5' })).toEqual([
      'Label must be at most 12 characters.',
    ]);
  });

  it('requires a positive whole value within the maximum', () => {
    for (const value of ['', '0', '-5', '1.5', 'abc', '10000001', '1e3']) {
      expect(presetErrors({ label: 'a', value })).toEqual([
        'Value must be a whole number from 1 to 10,000,000.',
      ]);
    }
  });

  it('rejects the whole set when one row is invalid', () => {
    const drafts = toDrafts(DEFAULT_PRESETS);
    drafts[4] = { label: '', value: '0' };
    expect(parsePresets(drafts)).toBeNull();
  });
});
