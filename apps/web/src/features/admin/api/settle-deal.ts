// D-34: an admin ends a disputed deal as completed or cancelled (POST /api/admin/deals/:id/settle);
// both parties are told by the server. The list of deals on hold is asked again afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export type SettleOutcome = 'completed' | 'cancelled';

export interface SettleDeal {
  dealId: string;
  outcome: SettleOutcome;
}

export const settleDeal = ({ dealId, outcome }: SettleDeal) =>
  apiFetch<{ data: { _id: string; status: string } }>(`/admin/deals/${encodeURIComponent(dealId)}/settle`, {
    method: 'POST',
    body: { outcome },
  }).then((r) => r.data);

export function useSettleDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleDeal,
    // Also after a refusal: another admin may have settled it meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.disputedDeals() }),
  });
}
