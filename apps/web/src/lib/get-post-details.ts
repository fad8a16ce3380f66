// GET /api/solution/getSolutionDetails/:id: one post, with its owner's e-mail and mobile only when
// the server decides the viewer may see them (D-14).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Solution } from '@app/shared';
import { apiFetch } from './api-client';
import { displayParams } from './post';
import { postKeys } from './post-keys';

export const getPostDetails = (id: string) =>
  apiFetch<{ data: Solution }>(
    `/solution/getSolutionDetails/${encodeURIComponent(id)}?${displayParams().toString()}`,
  ).then((r) => r.data);

export const postDetailsQueryOptions = (id: string) =>
  queryOptions({ queryKey: postKeys.detail(id), queryFn: () => getPostDetails(id) });

export const usePostDetails = (id: string, enabled = true) => useQuery({ ...postDetailsQueryOptions(id), enabled });
