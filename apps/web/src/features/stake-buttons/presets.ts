import {
  MAX_STAKE_PRESET_VALUE,
  defaultStakeButtons,
  stakeButtonsSchema,
  type StakeButton,
  type StakeButtons,
} from '@backlay/contracts';
import { ApiError } from '../../lib/api-client.ts';

export type Preset = StakeButton;

/** Editable form of a preset: the value as typed. */
export interface PresetDraft {
  label: string;
  value: string;
}

/** The contract's label limit (`stakeButtonSchema`); the tests pin the two together. */
export const STAKE_LABEL_MAX_LENGTH = 10;

export const LABEL_REQUIRED_TEXT = 'Label is required.';
export const LABEL_TOO_LONG_TEXT = `Label must be at most ${STAKE_LABEL_MAX_LENGTH} characters.`;
export const VALUE_INVALID_TEXT = `Value must be a whole number from 1 to ${MAX_STAKE_PRESET_VALUE.toLocaleString('en-US')}.`;
export const FIX_ROWS_TEXT = 'Please correct the highlighted rows.';
export const SAVED_TEXT = 'Stake buttons updated.';
export const SAVE_FAILED_TEXT = 'Stake buttons could not be saved. Please try again.';
export const LOAD_FAILED_TEXT = 'Stake buttons could not be loaded. Please try again.';

/** Default presets (apps/web/README.md, Stake presets; docs/decisions/0017), the same for game and casino buttons. */
export const DEFAULT_PRESETS: readonly Preset[] = defaultStakeButtons().game;

export function toDrafts(presets: readonly Preset[]): PresetDraft[] {
  return presets.map((preset) => ({ label: preset.label, value: String(preset.value) }));
}

/** The messages for one row; empty when the row is valid. Mirrors `stakeButtonSchema`. */
export function presetErrors(draft: PresetDraft): string[] {
  const errors: string[] = [];
  const label = draft.label.trim();
  if (label === '') errors.push(LABEL_REQUIRED_TEXT);
  else if (label.length > STAKE_LABEL_MAX_LENGTH) errors.push(LABEL_TOO_LONG_TEXT);
  const value = draft.value.trim();
  // Digits only: "1e3", "1.0" and "+5" are numbers to JavaScript but not what the player should type.
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_STAKE_PRESET_VALUE) {
    errors.push(VALUE_INVALID_TEXT);
  }
  return errors;
}

/** Parses every row, or returns null when any row is invalid. */
export function parsePresets(drafts: readonly PresetDraft[]): Preset[] | null {
  if (drafts.some((draft) => presetErrors(draft).length > 0)) return null;
  return drafts.map((draft) => ({ label: draft.label.trim(), value: Number(draft.value.trim()) }));
}

/**
 * The PUT body when both tabs are valid, plus the first tab that is not. The contract schema runs last so
 * a rule added there cannot be skipped here by accident.
 */
export function buildStakeButtons(
  drafts: Record<keyof StakeButtons, readonly PresetDraft[]>,
): { ok: true; body: StakeButtons } | { ok: false; tab: keyof StakeButtons } {
  const game = parsePresets(drafts.game);
  if (!game) return { ok: false, tab: 'game' };
  const casino = parsePresets(drafts.casino);
  if (!casino) return { ok: false, tab: 'casino' };
  const parsed = stakeButtonsSchema.safeParse({ game, casino });
  if (!parsed.success)
    return { ok: false, tab: parsed.error.issues[0]?.path[0] === 'casino' ? 'casino' : 'game' };
  return { ok: true, body: parsed.data };
}

/** The server's own words when it sent a message (e.g. a 400), a generic text otherwise. */
export function saveFailureText(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : SAVE_FAILED_TEXT;
}
