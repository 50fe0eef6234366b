import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { stakeButtonsSchema, type StakeButtons } from './get-stake-buttons.ts';

export function updateStakeButtons(body: StakeButtons): Promise<StakeButtons> {
  return apiRequest('/api/settings/stake-buttons', { method: 'PUT', body, schema: stakeButtonsSchema });
}

export function useUpdateStakeButtons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStakeButtons,
    onSuccess: (saved) => queryClient.setQueryData(['stake-buttons'], saved),
  });
}
