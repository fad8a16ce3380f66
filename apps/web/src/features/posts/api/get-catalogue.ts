import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Catalogue } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { postKeys } from '../../../lib/post-keys';

export const getCatalogue = () => apiFetch<{ data: Catalogue }>('/catalogue').then((r) => r.data);

// The catalogue changes only with a release: keep it for the session (the service worker keeps
// it across sessions and offline).
export const catalogueQueryOptions = () =>
  queryOptions({ queryKey: postKeys.catalogue(), queryFn: getCatalogue, staleTime: 60 * 60 * 1000 });

export const useCatalogue = () => useQuery(catalogueQueryOptions());
