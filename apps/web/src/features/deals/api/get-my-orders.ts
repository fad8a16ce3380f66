// My Orders: GET /api/solution/getUserAcceptedSolutions/:userId, the posts the user accepted;
// never paged.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Solution } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { getCurrentUser } from '../../../lib/session';
import { displayKey, displayParams } from '../../../lib/post';

export const myOrdersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['solutions', 'orders', userId, ...displayKey()],
    queryFn: () =>
      apiFetch<{ data: Solution[] }>(
        `/solution/getUserAcceptedSolutions/${encodeURIComponent(userId)}?${displayParams().toString()}`,
      ).then((r) => r.data),
  });

/** My Orders of the signed-in user. */
export const useMyOrders = () => useQuery(myOrdersQueryOptions(getCurrentUser()?._id ?? ''));
