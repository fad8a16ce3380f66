// My Offers (GET /api/solution/getUserSolutions/:userId, with each post's visit_count) and
// My Orders (GET /api/solution/getUserAcceptedSolutions/:userId): own lists, never paged.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getCurrentUser } from '../../../lib/session';
import { displayKey, displayParams } from '../../../lib/post';
import type { SolutionPage } from './get-solutions';

const ownList = (path: 'getUserSolutions' | 'getUserAcceptedSolutions', userId: string) =>
  apiFetch<SolutionPage>(`/solution/${path}/${encodeURIComponent(userId)}?${displayParams().toString()}`).then(
    (r) => r.data,
  );

export const myOffersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['solutions', 'mine', userId, ...displayKey()],
    queryFn: () => ownList('getUserSolutions', userId),
  });

export const myOrdersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['solutions', 'orders', userId, ...displayKey()],
    queryFn: () => ownList('getUserAcceptedSolutions', userId),
  });

/** My Offers ('offers') or My Orders ('orders') of the signed-in user. */
export function useMySolutions(kind: 'offers' | 'orders') {
  const me = getCurrentUser()?._id ?? '';
  return useQuery(kind === 'offers' ? myOffersQueryOptions(me) : myOrdersQueryOptions(me));
}
