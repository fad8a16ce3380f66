// The query keys of the post calls, in one factory: features/posts reads and changes posts, and
// features/deals (a finished deal, a dropped order) and lib/accept-post invalidate them too. The
// values stay 'solutions'-rooted: the offline persistence (lib/query-persistence.ts) keeps the
// saved lists under them.
import type { UserRole } from '@app/shared';
import { getCurrency, getLanguage } from './settings';

/** Part of every post query key: a new language or currency is a new answer. */
export const displayKey = () => [getCurrency(), getLanguage()] as const;

interface Near {
  lng: number;
  lat: number;
}

const ALL = ['solutions'] as const;

export const postKeys = {
  /** Every post query: what a change to any post invalidates. */
  all: ALL,
  /** A public list of one type, whatever its order and display options. */
  lists: (type: UserRole) => [...ALL, 'list', type] as const,
  /** A public list, nearest first from `near` or newest first. */
  list: (type: UserRole, near: Near | null) =>
    [...postKeys.lists(type), near ? `${near.lng},${near.lat}` : 'newest', ...displayKey()] as const,
  /** SPEC 2.3 item 25's search in one field. */
  fieldSearch: (type: UserRole, field: string, text: string) =>
    [...ALL, 'search', type, field, text.trim(), ...displayKey()] as const,
  /** The search box, with its words and filters. */
  search: (search: object, near: Near | null) =>
    [...ALL, 'post-search', search, near ? `${near.lng},${near.lat}` : 'anywhere', ...displayKey()] as const,
  detail: (id: string) => [...ALL, 'detail', id, ...displayKey()] as const,
  /** My Offers. */
  mine: (userId: string) => [...ALL, 'mine', userId, ...displayKey()] as const,
  /** My Orders. */
  orders: (userId: string) => [...ALL, 'orders', userId, ...displayKey()] as const,
  /** The categories and preset prices: outside `all`, as no post's change alters them. */
  catalogue: () => ['catalogue'] as const,
};
