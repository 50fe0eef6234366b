export interface Preset {
  label: string;
  value: number;
}

/** Editable form of a preset: the value as typed. */
export interface PresetDraft {
  label: string;
  value: string;
}

export const STAKE_VALUE_MAX = 10_000_000;
export const STAKE_LABEL_MAX_LENGTH = 12;

/** Default presets (spec §3, §9), the same for game and casino buttons. */
export const DEFAULT_PRESETS: readonly Preset[] = [
  { label: '1k', value: 1000 },
  { label: '2k', value: 2000 },
  { label: '5k', value: 5000 },
  { label: '10k', value: 10000 },
  { label: '20k', value: 20000 },
  { label: '25k', value: 25000 },
  { label: '50k', value: 50000 },
  { label: '75k', value: 75000 },
  { label: '90k', value: 90000 },
  { label: '95k', value: 95000 },
];

export function toDrafts(presets: readonly Preset[]): PresetDraft[] {
  return presets.map((preset) => ({ label: preset.label, value: String(preset.value) }));
}

/** The messages for one row; empty when the row is valid. */
export function presetErrors(draft: PresetDraft): string[] {
  const errors: string[] = [];
  const label = draft.label.trim();
  if (label === '') errors.push('Label is required.');
  else if (label.length > STAKE_LABEL_MAX_LENGTH) {
    errors.push(`Label must be at most ${STAKE_LABEL_MAX_LENGTH} characters.`);
  }
  const value = draft.value.trim();
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > STAKE_VALUE_MAX) {
    errors.push('Value must be a whole number from 1 to 10,000,000.');
  }
  return errors;
}

/** Parses every row, or returns null when any row is invalid. */
export function parsePresets(drafts: readonly PresetDraft[]): Preset[] | null {
  if (drafts.some((draft) => presetErrors(draft).length > 0)) return null;
  return drafts.map((draft) => ({ label: draft.label.trim(), value: Number(draft.value.trim()) }));
}
