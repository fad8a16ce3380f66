// GET /api/solution/getAllSolutions/:type: open posts of one type, newest first, or nearest first
// with near=lng,lat; paged with next_cursor ('Load more').
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Solution, UserRole } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { displayParams } from '../../../lib/post';
import { postKeys } from '../../../lib/post-keys';

export interface SolutionPage {
  data: Solution[];
  next_cursor: string | null;
}

export const LIST_PAGE_SIZE = 20;

export interface Near {
  lng: number;
  lat: number;
}

export function getPosts(type: UserRole, options: { cursor?: string | null; near?: Near | null } = {}) {
  const params = displayParams();
  params.set('limit', String(LIST_PAGE_SIZE));
  if (options.cursor) params.set('cursor', options.cursor);
  if (options.near) params.set('near', `${options.near.lng},${options.near.lat}`);
  return apiFetch<SolutionPage>(`/solution/getAllSolutions/${type}?${params.toString()}`);
}

export const postsQueryOptions = (type: UserRole, near: Near | null) =>
  infiniteQueryOptions({
    queryKey: postKeys.list(type, near),
    queryFn: ({ pageParam }) => getPosts(type, { cursor: pageParam, near }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
