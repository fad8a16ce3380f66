import { queryOptions, useQuery } from '@tanstack/react-query';
import { getClientConfig } from './client-config-request';
import { sharedKeys } from './query-keys';

// D-19: the server's tile URL changes only with its configuration: ask once per visit.
export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: sharedKeys.clientConfig(), queryFn: getClientConfig, staleTime: Infinity, retry: 1 });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
