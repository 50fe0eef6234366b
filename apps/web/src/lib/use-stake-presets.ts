import type { StakeButton } from '@backlay/contracts';
import { useStakeButtons } from './stake-buttons-query.ts';
import { quickStakesFor, type StakeKind } from './stake-presets.ts';

/** The player's saved quick stakes for a slip; the spec's fallback while loading or after a failure. */
export function useStakePresets(kind: StakeKind): readonly StakeButton[] {
  const { data } = useStakeButtons();
  return quickStakesFor(data, kind);
}
