// My Orders: GET /api/solution/getUserAcceptedSolutions/:userId, the posts the user accepted;
// never paged.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Solution } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { getCurrentUser } from '../../../lib/session';
import { displayParams } from '../../../lib/post';
import { postKeys } from '../../../lib/post-keys';

export const myOrdersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: postKeys.orders(userId),
    queryFn: () =>
      apiFetch<{ data: Solution[] }>(
        `/solution/getUserAcceptedSolutions/${encodeURIComponent(userId)}?${displayParams().toString()}`,
      ).then((r) => r.data),
  });

/** My Orders of the signed-in user. */
export const useMyOrders = () => useQuery(myOrdersQueryOptions(getCurrentUser()?._id ?? ''));
