import { describe, expect, it } from 'vitest';
import { MAX_STAKE_PRESET_VALUE, stakeButtonSchema } from '@backlay/contracts';
import { ApiError } from '../../lib/api-client.ts';
import {
  DEFAULT_PRESETS,
  SAVE_FAILED_TEXT,
  STAKE_LABEL_MAX_LENGTH,
  buildStakeButtons,
  parsePresets,
  presetErrors,
  saveFailureText,
  toDrafts,
} from './presets.ts';

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

  it('uses the same label limit as the contract', () => {
    const at = 'x'.repeat(STAKE_LABEL_MAX_LENGTH);
    expect(stakeButtonSchema.safeParse({ label: at, value: 1 }).success).toBe(true);
    expect(stakeButtonSchema.safeParse({ label: `${at}x`, value: 1 }).success).toBe(false);
    expect(MAX_STAKE_PRESET_VALUE).toBe(10_000_000);
  });

  it('accepts the defaults and the limits', () => {
    expect(parsePresets(toDrafts(DEFAULT_PRESETS))).toEqual(DEFAULT_PRESETS);
    expect(presetErrors({ label: ' x ', value: '1' })).toEqual([]);
    expect(presetErrors({ label: '1234567890', value: '10000000' })).toEqual([]);
    expect(presetErrors({ label: '  padded  ', value: ' 5 ' })).toEqual([]);
  });

  it('requires a label of at most 10 characters', () => {
    expect(presetErrors({ label: '  ', value: '5' })).toEqual(['Label is required.']);
    expect(presetErrors({ label: 'x'.repeat(11), value: '5' })).toEqual([
      'Label must be at most 10 characters.',
    ]);
  });

  it('requires a positive whole value within the maximum', () => {
    for (const value of ['', '0', '-5', '1.5', 'abc', '10000001', '1e3', '+5']) {
      expect(presetErrors({ label: 'a', value })).toEqual([
        'Value must be a whole number from 1 to 10,000,000.',
      ]);
    }
  });

  it('reports both problems of one row together', () => {
    expect(presetErrors({ label: '', value: '0' })).toHaveLength(2);
  });

  it('rejects the whole set when one row is invalid', () => {
    const drafts = toDrafts(DEFAULT_PRESETS);
    drafts[4] = { label: '', value: '0' };
    expect(parsePresets(drafts)).toBeNull();
  });
});

describe('building the PUT body', () => {
  const valid = () => toDrafts(DEFAULT_PRESETS);

  it('trims labels and converts values', () => {
    const game = valid();
    game[0] = { label: ' lucky ', value: '777' };
    const built = buildStakeButtons({ game, casino: valid() });
    expect(built.ok && built.body.game[0]).toEqual({ label: 'lucky', value: 777 });
    expect(built.ok && built.body.casino).toEqual(DEFAULT_PRESETS);
  });

  it('names the first tab that needs a fix', () => {
    const broken = valid();
    broken[9] = { label: 'x', value: '0' };
    expect(buildStakeButtons({ game: broken, casino: valid() })).toEqual({ ok: false, tab: 'game' });
    expect(buildStakeButtons({ game: valid(), casino: broken })).toEqual({ ok: false, tab: 'casino' });
  });

  it('rejects a tab without exactly ten rows', () => {
    expect(buildStakeButtons({ game: valid(), casino: valid().slice(1) })).toEqual({
      ok: false,
      tab: 'casino',
    });
  });
});

describe('save failure text', () => {
  it("shows the server's message", () => {
    expect(saveFailureText(new ApiError(400, 'Labels are at most 10 characters.', 'Bad Request'))).toBe(
      'Labels are at most 10 characters.',
    );
  });

  it('falls back to a generic text', () => {
    expect(saveFailureText(new ApiError(502, null, 'Bad Gateway'))).toBe(SAVE_FAILED_TEXT);
    expect(saveFailureText(new TypeError('Failed to fetch'))).toBe(SAVE_FAILED_TEXT);
  });
});
