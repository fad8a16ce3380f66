// D-34: the deals frozen by a dispute (GET /api/admin/deals/disputed, oldest first), which only an
// admin can end. Answers 403 to others.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DisputedDeal } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export const disputedDealsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.disputedDeals(),
    queryFn: () => apiFetch<{ data: DisputedDeal[] }>('/admin/deals/disputed').then((r) => r.data),
  });

export const useDisputedDeals = (enabled: boolean) => useQuery({ ...disputedDealsQueryOptions(), enabled });
