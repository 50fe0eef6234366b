import { z } from 'zod';

/** Largest stake a preset may hold, in whole points (documented in docs/decisions/0017). */
export const MAX_STAKE_PRESET_VALUE = 10_000_000;
export const STAKE_PRESET_COUNT = 10;

export const stakeButtonSchema = z.object({
  label: z.string().trim().min(1, 'Labels must not be empty.').max(10, 'Labels are at most 10 characters.'),
  value: z
    .number()
    .int('Values must be whole numbers.')
    .positive('Values must be greater than zero.')
    .max(MAX_STAKE_PRESET_VALUE, `Values must not exceed ${MAX_STAKE_PRESET_VALUE}.`),
});
export type StakeButton = z.infer<typeof stakeButtonSchema>;

const presetListSchema = z
  .array(stakeButtonSchema)
  .length(STAKE_PRESET_COUNT, `Exactly ${STAKE_PRESET_COUNT} buttons are required.`);

/** `GET/PUT /api/settings/stake-buttons`: Game Buttons and Casino Buttons tabs. */
export const stakeButtonsSchema = z.object({ game: presetListSchema, casino: presetListSchema });
export type StakeButtons = z.infer<typeof stakeButtonsSchema>;

const DEFAULT_VALUES = [1000, 2000, 5000, 10000, 20000, 25000, 50000, 75000, 90000, 95000];

/** Default presets (docs/decisions/0017): labels 1k…95k, values 1000…95000. */
export function defaultStakeButtons(): StakeButtons {
  const buttons = DEFAULT_VALUES.map((value) => ({ label: `${value / 1000}k`, value }));
  return { game: buttons.map((b) => ({ ...b })), casino: buttons.map((b) => ({ ...b })) };
}
