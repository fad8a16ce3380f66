// GET /api/solution/getSolutionDetails/:id: one post, with its owner's e-mail and mobile only when
// the server decides the viewer may see them (D-14).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Solution } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { displayKey, displayParams } from '../utils/solution';

export const getSolutionDetails = (id: string) =>
  apiFetch<{ data: Solution }>(
    `/solution/getSolutionDetails/${encodeURIComponent(id)}?${displayParams().toString()}`,
  ).then((r) => r.data);

export const solutionDetailsQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['solutions', 'detail', id, ...displayKey()], queryFn: () => getSolutionDetails(id) });

export const useSolutionDetails = (id: string, enabled = true) =>
  useQuery({ ...solutionDetailsQueryOptions(id), enabled });
