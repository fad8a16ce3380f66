// GET /api/deals (own, both sides, newest first) and GET /api/deals/:dealId (a party; 404 for
// anyone else). D-27: the deal names the other party and, per D-14, their contacts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getCurrency, getLanguage } from '../../../lib/settings';
import type { DealView } from './deal-types';
import { dealKeys } from './query-keys';

// The display options of the post calls, written here rather than taken from lib/post: the
// header's unread badge reads this file, and lib/post brings zod into every page.
const displayParams = () =>
  new URLSearchParams({ currency: getCurrency(), lang: getLanguage() === 'fr-ca' ? 'fr' : 'en' });

export const getDeals = () =>
  apiFetch<{ data: DealView[] }>(`/deals?${displayParams().toString()}`).then((r) => r.data);

export const dealsQueryOptions = () => queryOptions({ queryKey: dealKeys.list(), queryFn: getDeals });

export const useDeals = (enabled = true) => useQuery({ ...dealsQueryOptions(), enabled });

export const getDeal = (dealId: string) =>
  apiFetch<{ data: DealView }>(`/deals/${encodeURIComponent(dealId)}?${displayParams().toString()}`).then(
    (r) => r.data,
  );

export const dealQueryOptions = (dealId: string) =>
  queryOptions({ queryKey: dealKeys.one(dealId), queryFn: () => getDeal(dealId) });

export const useDeal = (dealId: string) => useQuery(dealQueryOptions(dealId));

/** The deal on a post that still runs (or the newest one), for links from a post to its deal. */
export function dealOfSolution(deals: DealView[] | undefined, solutionId: string): DealView | undefined {
  const onPost = (deals ?? []).filter((d) => d.solution._id === solutionId);
  return onPost.find((d) => d.status !== 'cancelled') ?? onPost[0];
}

export const dealPath = (dealId: string) => `/deals/${encodeURIComponent(dealId)}`;

/** GET /api/deals/unread: the header's badge, the messages from the other parties not read yet. */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: dealKeys.unread(),
    queryFn: () =>
      apiFetch<{ data: { count: number } }>('/deals/unread', { afterFirstScreen: true }).then((r) => r.data.count),
  });
