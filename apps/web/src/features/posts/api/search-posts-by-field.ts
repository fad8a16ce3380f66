// GET /api/solution/searchSolution/:type/:field/:text (SPEC 2.3 item 25): free text in one field,
// pickup_country by default; the server ignores case and accents.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { SEARCH_FIELDS, type SearchField, type UserRole } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { displayParams } from '../../../lib/post';
import { postKeys } from '../../../lib/post-keys';
import { LIST_PAGE_SIZE, type SolutionPage } from './get-posts';

export const DEFAULT_SEARCH_FIELD: SearchField = 'pickup_country';

export const isSearchField = (value: unknown): value is SearchField => SEARCH_FIELDS.includes(value as SearchField);

export function searchPostsByField(type: UserRole, field: SearchField, text: string, cursor?: string | null) {
  const params = displayParams();
  params.set('limit', String(LIST_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiFetch<SolutionPage>(
    `/solution/searchSolution/${type}/${field}/${encodeURIComponent(text.trim())}?${params.toString()}`,
  );
}

export const searchQueryOptions = (type: UserRole, field: SearchField, text: string) =>
  infiniteQueryOptions({
    queryKey: postKeys.fieldSearch(type, field, text),
    queryFn: ({ pageParam }) => searchPostsByField(type, field, text, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
