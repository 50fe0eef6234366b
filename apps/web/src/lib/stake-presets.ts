import type { StakeButton, StakeButtons } from '@backlay/contracts';

/**
 * Which saved tab feeds a slip: Game Buttons feed sports bet slips, Casino Buttons feed casino and
 * virtual game slips (docs/decisions/0034).
 */
export type StakeKind = keyof StakeButtons;

/** The spec's bet-slip quick stakes, used only until the saved presets arrive or when they cannot load. */
export const FALLBACK_QUICK_STAKES: readonly StakeButton[] = [25, 50, 100, 200, 500, 1000].map((value) => ({
  label: String(value),
  value,
}));

/** The quick-stake buttons for a slip of `kind`, given the saved presets when they are known. */
export function quickStakesFor(saved: StakeButtons | undefined, kind: StakeKind): readonly StakeButton[] {
  return saved ? saved[kind] : FALLBACK_QUICK_STAKES;
}
