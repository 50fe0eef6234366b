import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const presetSchema = z.object({ label: z.string(), value: z.number() });

/** The shape this page expects from `GET/PUT /api/settings/stake-buttons`. */
export const stakeButtonsSchema = z.object({
  game: z.array(presetSchema).length(10),
  casino: z.array(presetSchema).length(10),
});
export type StakeButtons = z.infer<typeof stakeButtonsSchema>;

export function getStakeButtons(signal?: AbortSignal): Promise<StakeButtons> {
  return apiRequest('/api/settings/stake-buttons', { schema: stakeButtonsSchema, signal });
}

/** Loads the saved presets; an error means saving is not available (the defaults are shown). */
export function useStakeButtons() {
  return useQuery({
    queryKey: ['stake-buttons'],
    queryFn: ({ signal }) => getStakeButtons(signal),
    retry: false,
  });
}
