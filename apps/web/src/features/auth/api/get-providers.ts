import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { authKeys } from './query-keys';

export interface EnabledProviders {
  google: boolean;
  facebook: boolean;
  local: boolean;
}

export const getProviders = () => apiFetch<{ data: EnabledProviders }>('/auth/providers').then((r) => r.data);

export const providersQueryOptions = () =>
  queryOptions({ queryKey: authKeys.providers(), queryFn: getProviders, staleTime: 60 * 60 * 1000 });

export const useProviders = () => useQuery(providersQueryOptions());
