// GET /api/solution/search: the one search box. Words in a post's title, description,
// city and category names (either language, accents and typos forgiven), with filters: need or
// offer, category, a radius around the user, and a price range in the user's currency. Nearest
// first (each with distance_km) when the position is known.
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { CATEGORY_IDS, USER_ROLES, type CategoryId, type UserRole } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { displayParams } from '../../../lib/post';
import { postKeys } from '../../../lib/post-keys';
import { LIST_PAGE_SIZE, type Near, type SolutionPage } from './get-posts';

export interface PostSearch {
  q: string;
  type: UserRole | null;
  category: CategoryId | null;
  /** Only with a position (the server needs `near` for it). */
  radiusKm: number | null;
  /** Decimals in the user's currency, as typed. */
  minPrice: string;
  maxPrice: string;
}

export const EMPTY_SEARCH: PostSearch = {
  q: '',
  type: null,
  category: null,
  radiusKm: null,
  minPrice: '',
  maxPrice: '',
};

/** The distances the box offers, in kilometres. */
export const SEARCH_RADII = [5, 25, 100, 500] as const;

const PRICE = /^\d+(\.\d+)?$/;
const price = (value: string) => (PRICE.test(value.trim()) ? value.trim() : '');

/** The search kept in the address bar (q, type, category, radius_km, min_price, max_price). */
export function readPostSearch(params: URLSearchParams): PostSearch {
  const type = params.get('type');
  const category = params.get('category');
  const radius = Number(params.get('radius_km'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    type: USER_ROLES.includes(type as UserRole) ? (type as UserRole) : null,
    category: CATEGORY_IDS.includes(category as CategoryId) ? (category as CategoryId) : null,
    radiusKm: (SEARCH_RADII as readonly number[]).includes(radius) ? radius : null,
    minPrice: price(params.get('min_price') ?? ''),
    maxPrice: price(params.get('max_price') ?? ''),
  };
}

/** Writes a search into the address bar, leaving the other parameters as they are. */
export function writePostSearch(params: URLSearchParams, search: PostSearch): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | number | null) => {
    if (value === null || value === '') next.delete(name);
    else next.set(name, String(value));
  };
  set('q', search.q.trim());
  set('type', search.type);
  set('category', search.category);
  set('radius_km', search.radiusKm);
  set('min_price', price(search.minPrice));
  set('max_price', price(search.maxPrice));
  return next;
}

/** A search is on when it has words or any filter. */
export const isSearching = (search: PostSearch): boolean =>
  search.q !== '' ||
  search.type !== null ||
  search.category !== null ||
  search.radiusKm !== null ||
  search.minPrice !== '' ||
  search.maxPrice !== '';

export function searchPosts(search: PostSearch, near: Near | null, cursor?: string | null) {
  const params = displayParams();
  params.set('limit', String(LIST_PAGE_SIZE));
  params.set('q', search.q);
  if (search.type) params.set('type', search.type);
  if (search.category) params.set('category', search.category);
  if (near) {
    params.set('near', `${near.lng},${near.lat}`);
    if (search.radiusKm !== null) params.set('radius_km', String(search.radiusKm));
  }
  if (price(search.minPrice)) params.set('min_price', price(search.minPrice));
  if (price(search.maxPrice)) params.set('max_price', price(search.maxPrice));
  if (cursor) params.set('cursor', cursor);
  return apiFetch<SolutionPage>(`/solution/search?${params.toString()}`);
}

export const postSearchQueryOptions = (search: PostSearch, near: Near | null) =>
  infiniteQueryOptions({
    queryKey: postKeys.search(search, near),
    queryFn: ({ pageParam }) => searchPosts(search, near, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // A new word or filter keeps the last results on screen until the new ones come.
    placeholderData: keepPreviousData,
  });
