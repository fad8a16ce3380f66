// D-33: PUT /api/solution/:solutionId/availability: the owner's capacity and blocked dates.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Solution } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { displayParams } from '../../../lib/post';
import { postKeys } from '../../../lib/post-keys';

export interface Availability {
  capacity?: number;
  blocked?: { from: string; to: string }[];
}

export function useSetAvailability(solutionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Availability) =>
      apiFetch<{ data: Solution }>(
        `/solution/${encodeURIComponent(solutionId)}/availability?${displayParams().toString()}`,
        { method: 'PUT', body },
      ).then((r) => r.data),
    onSuccess: (solution) => queryClient.setQueryData(postKeys.detail(solutionId), solution),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
