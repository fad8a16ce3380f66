import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@app/shared';
import { apiFetch } from './api-client';

export const getClientConfig = () => apiFetch<{ data: ClientConfig }>('/config').then((r) => r.data);

// D-19: the server's tile URL changes only with its configuration: ask once per visit.
export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: ['client-config'], queryFn: getClientConfig, staleTime: Infinity, retry: 1 });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
