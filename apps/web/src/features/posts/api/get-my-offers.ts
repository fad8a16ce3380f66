// My Offers: GET /api/solution/getUserSolutions/:userId, the user's own posts with each one's
// visit_count; never paged.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getCurrentUser } from '../../../lib/session';
import { displayParams } from '../../../lib/post';
import { postKeys } from '../../../lib/post-keys';
import type { SolutionPage } from './get-posts';

export const myOffersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: postKeys.mine(userId),
    queryFn: () =>
      apiFetch<SolutionPage>(
        `/solution/getUserSolutions/${encodeURIComponent(userId)}?${displayParams().toString()}`,
      ).then((r) => r.data),
  });

/** My Offers of the signed-in user. */
export const useMyOffers = () => useQuery(myOffersQueryOptions(getCurrentUser()?._id ?? ''));
