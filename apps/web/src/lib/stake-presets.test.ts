import { describe, expect, it } from 'vitest';
import { defaultStakeButtons } from '@backlay/contracts';
import { FALLBACK_QUICK_STAKES, quickStakesFor } from './stake-presets.ts';

describe('stake presets in slips', () => {
  it('falls back to the spec quick stakes while the presets are unknown', () => {
    expect(FALLBACK_QUICK_STAKES.map((b) => b.value)).toEqual([25, 50, 100, 200, 500, 1000]);
    expect(FALLBACK_QUICK_STAKES.map((b) => b.label)).toEqual(['25', '50', '100', '200', '500', '1000']);
    expect(quickStakesFor(undefined, 'casino')).toBe(FALLBACK_QUICK_STAKES);
  });

  it('uses the saved tab of the slip kind', () => {
    const saved = defaultStakeButtons();
    saved.game[0] = { label: 'g', value: 7 };
    saved.casino[0] = { label: 'c', value: 9 };
    expect(quickStakesFor(saved, 'game')[0]).toEqual({ label: 'g', value: 7 });
    expect(quickStakesFor(saved, 'casino')[0]).toEqual({ label: 'c', value: 9 });
    expect(quickStakesFor(saved, 'casino')).toHaveLength(10);
  });
});
