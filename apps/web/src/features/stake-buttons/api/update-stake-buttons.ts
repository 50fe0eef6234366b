import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stakeButtonsSchema, type StakeButtons } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { STAKE_BUTTONS_QUERY_KEY } from '../../../lib/stake-buttons-query.ts';

/** `PUT /api/settings/stake-buttons`: 200 with the saved body, 400 `{message}` when a rule is broken. */
export function updateStakeButtons(body: StakeButtons): Promise<StakeButtons> {
  return apiRequest('/api/settings/stake-buttons', { method: 'PUT', body, schema: stakeButtonsSchema });
}

export function useUpdateStakeButtons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStakeButtons,
    onSuccess: async (saved) => {
      // The saved body shows at once in every slip; the refetch confirms what the server stored.
      queryClient.setQueryData(STAKE_BUTTONS_QUERY_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: STAKE_BUTTONS_QUERY_KEY });
    },
  });
}
